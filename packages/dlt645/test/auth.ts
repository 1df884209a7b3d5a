/**
 * The write credentials of the test meters, as the shared vectors' write frames carry them: password level 2,
 * the factory password and operator code.
 */
export const AUTH = { level: 2, password: '123456', operator: '12345678' };
