import { expect, test } from '@playwright/test';
import { apiLogin } from './helpers';

// A 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

test('the login page shows the background uploaded in Setting → Image', async ({ page, request }) => {
  const admin = await apiLogin(request);
  const upload = await request.post('/api/image/upload?slot=loginBackground', {
    headers: { Authorization: `Bearer ${admin}` },
    multipart: { file: { name: 'background.png', mimeType: 'image/png', buffer: PNG } },
  });
  expect((await upload.json()).code).toBe(0);

  const photo = page.waitForResponse((r) => r.url().includes('/api/image/file/loginBackground'));
  await page.goto('/login');
  expect((await photo).status()).toBe(200);
  const background = await page
    .getByTestId('login-container')
    .evaluate((el) => getComputedStyle(el).backgroundImage);
  expect(background).toContain('/api/image/file/loginBackground');
});
