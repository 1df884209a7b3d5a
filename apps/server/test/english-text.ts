/**
 * A detector of English sentences in text a reader of Chinese or Spanish sees: two neighbouring common
 * English words. Ids, numbers, units, meter numbers and names pass.
 */

/** English words the server writes, and the common words any English sentence has. */
export const ENGLISH: ReadonlySet<string> = new Set(
  (
    'a an the of from to in on at for with within by is are was were be been has have had not no yes and ' +
    'or but this that it its as if then than so all any each every only already again still after before ' +
    'new old last next first second more less over under up down out off one two three per can could must ' +
    'should will would may there here what when where which who how why do does did done make made use used ' +
    'meter meters error errors refused reply link live registered server stopped while task tasks ran ' +
    'retrying requests request queued accepted command status word says token tokens data other offline ' +
    'interrupted head end closing cannot encoded success failure failed timeout busy bad frame relay ' +
    'connected disconnected open opened closed close cover terminal upper lower magnetic interference ' +
    'credit daily reading readings day days hour hours month months year condition ended heard rejected ' +
    'key change route dialled internal issued demo history rows row period periods vends stations users ' +
    'gateways customers accounts tariffs debts items purchases purchase water electricity gas energy ' +
    'active reactive forward reverse total power voltage phase demand maximum minimum date time number ' +
    'balance remaining amount times alarm alarms event events record records clear set limit overdraft ' +
    'battery low high supply value values unknown none empty missing found invalid required allowed ' +
    'simulation only real test'
  ).split(' '),
);

/** The first run of two neighbouring English words in `text` (numbers and ids break a run), or null. */
export function englishSentence(text: string, words: ReadonlySet<string> = ENGLISH): string | null {
  const tokens = text.split(/[\s,.;:()[\]"'/–—-]+/).filter(Boolean);
  for (let i = 1; i < tokens.length; i++) {
    const [a, b] = [tokens[i - 1] ?? '', tokens[i] ?? ''];
    if (words.has(a.toLowerCase()) && words.has(b.toLowerCase())) return `${a} ${b}`;
  }
  return null;
}
