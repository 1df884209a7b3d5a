import { expect, test } from '@playwright/test';
import { describeConsole, setLanguage, signIn, visit } from './helpers';

/**
 * Text the server writes reaches the screen in the console's language: the console names its language
 * on every call, so an alarm's detail on the demo data (a meter silent for days) reads in Chinese or
 * Spanish.
 */
describeConsole('server text in the console language', () => {
  for (const [lang, silent, english] of [
    ['zh', '3 天无日冻结数据', 'no daily reading'],
    ['es', 'sin lectura diaria durante 3 días', 'no daily reading'],
  ] as const) {
    test(`the alarm list's details read in ${lang}`, async ({ page, context }) => {
      await setLanguage(context, lang);
      await signIn(page);
      await visit(page, '/prepay-report/alarm');
      const list = page.getByTestId('alarm-list');
      await expect(list).toContainText(silent, { timeout: 30_000 });
      await expect(list).not.toContainText(english);
    });
  }
});
