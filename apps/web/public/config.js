// Runtime configuration, edited on the server without rebuilding the console.
// Url: base URL of the API ('' = same origin). captcha: show the login verification code.
// idleTimeoutMinutes: sign out after this much inactivity (0 turns it off).
window.ApiConfig = { Url: '', captcha: true, idleTimeoutMinutes: 30 };
