/** Revision 2 of the tests' supply group on base date 2014: the vending key campaigns move meters to. */
export const REVISION_2 = { sgc: '123456', krn: 2, dkga: '02', baseYear: 2014, key: 'CDCDCDCDCDCDCDCD' };
