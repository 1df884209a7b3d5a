import { ENGLISH } from './english-text.js';

/** The screens' English words and the words refusals are made of: two side by side are English. */
export const REFUSAL_ENGLISH: ReadonlySet<string> = new Set([
  ...ENGLISH,
  ...(
    'you your yourself user station role roles password passwords authorization login logged logging ' +
    'file files image images upload import imported template line lines duplicate permission permissions ' +
    'system administrator session please again verification code locked too many wrong incorrect ' +
    'differ required accepted nothing saved validation field larger belongs another exists deleted ' +
    'disabled enable change grant hold held manage send sent rows cannot key keys vending vend units ' +
    'quota exceeded asked left account customer tariff price amount greater zero small charge share ' +
    'damaged empty header column columns value text character decimal decimals sort least most'
  ).split(' '),
]);
