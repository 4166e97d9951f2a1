import { expect, test, type Page } from '@playwright/test';
import { linkIn, mailsTo, waitForMail } from './support/mail';

const form = (page: Page, variant: 'popup' | 'footer' | 'banner') => page.locator(`[data-testid="newsletter-form"][data-variant="${variant}"]`);


test('the banner form asks for an e-mail, then subscribes with double opt-in', async ({ page }) => {
  await page.goto('/');
  const banner = form(page, 'banner');
  await expect(page.getByRole('heading', { name: 'Mantenha-se Atualizado' })).toBeVisible();
  await banner.getByRole('button', { name: 'Subscrever' }).click();
  await expect(banner).toContainText('Por favor, introduza o seu email.');

  const email = `banner-${Date.now()}@exemplo.pt`;
  await banner.getByLabel('Email').fill(email);
  await banner.getByRole('button', { name: 'Subscrever' }).click();
  await expect(banner).toContainText('Subscrição realizada com sucesso! Obrigado.');
  await expect(banner.getByLabel('Email')).toHaveValue('');

  // The confirmation mail went out over SMTP (captured by the test server) and its link confirms.
  const mail = await waitForMail(email, /newsletter|confirm/i);
  expect(mailsTo(email)).toHaveLength(1);
  const confirm = linkIn(mail, '/newsletter/confirmar');
  expect(confirm).toContain('/newsletter/confirmar?token=');
  await page.goto(confirm);
  await expect(page.locator('main')).toContainText(/confirmad/i);
});

test('a filled honeypot is answered as success and nothing is sent', async ({ page }) => {
  await page.goto('/');
  const banner = form(page, 'banner');
  const email = `robo-${Date.now()}@exemplo.pt`;
  await banner.getByLabel('Email').fill(email);
  // The e-mail's focus brought the interactive form in place of the server-rendered one: write
  // into its honeypot, not into the plain form's (a field left behind by the swap).
  await expect(banner).toHaveAttribute('data-interactive', 'true');
  await banner.locator('input[name="website"]').evaluate((el: HTMLInputElement, value) => {
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    setter.call(el, value);
    el.dispatchEvent(new Event('input', { bubbles: true }));
  }, 'http://spam.example');
  await banner.getByRole('button', { name: 'Subscrever' }).click();
  await expect(banner).toContainText('Subscrição realizada com sucesso! Obrigado.');
  await page.waitForTimeout(1000);
  expect(mailsTo(email)).toHaveLength(0);
});

test('the footer form and the header popup subscribe too', async ({ page }) => {
  await page.goto('/sobre');
  const footer = form(page, 'footer');
  await footer.getByRole('button', { name: 'Subscrever' }).click();
  await expect(footer).toContainText('Por favor, introduza o seu email.');
  const email = `rodape-${Date.now()}@exemplo.pt`;
  await footer.getByLabel('Email').fill(email);
  await footer.getByRole('button', { name: 'Subscrever' }).click();
  await expect(footer.getByLabel('Email')).toHaveValue('');

  await page.getByRole('button', { name: 'Newsletter' }).click();
  const popup = form(page, 'popup');
  await expect(popup).toBeVisible();
  await popup.getByLabel('Email').fill(`popup-${Date.now()}@exemplo.pt`);
  await popup.getByRole('button', { name: 'Subscrever' }).click();
  await expect(popup).toContainText('Subscrição realizada com sucesso! Obrigado.');
  await page.keyboard.press('Escape');
  await expect(popup).toBeHidden();
  await waitForMail(email, /./);
  await page.waitForTimeout(500);
  expect(mailsTo(email)).toHaveLength(1);
});
