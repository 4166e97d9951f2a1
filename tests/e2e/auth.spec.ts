import { expect, test, type Page } from '@playwright/test';
import { DEMO } from './support/accounts';
import { linkIn, waitForMail } from './support/mail';

const hydrated = (page: Page) => expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);

async function openLogin(page: Page) {
  await hydrated(page);
  await page.getByRole('banner').getByRole('link', { name: 'Área Privada' }).click();
  const dialog = page.getByTestId('login-dialog');
  await expect(dialog.getByRole('heading', { name: 'Bem-vindo à Casa das Águas de Gaia' })).toBeVisible();
  return dialog;
}

async function signUp(page: Page, email: string, password: string) {
  await page.goto('/');
  const dialog = await openLogin(page);
  await dialog.getByRole('tab', { name: 'Criar Conta' }).click();
  const form = dialog.getByTestId('signup-form');
  await form.getByLabel('Primeiro nome').fill('Rui');
  await form.getByLabel('Apelido').fill('Teste');
  await form.getByLabel('Email').fill(email);
  await form.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await expect(form.getByTestId('password-strength')).toContainText('Forte');
  await form.getByLabel('Confirmar password').fill(password);
  await form.getByLabel('Telemóvel (opcional)').fill('91a2 345 678x');
  await expect(form.getByLabel('Telemóvel (opcional)')).toHaveValue('912345678');
  await form.getByLabel('Quero receber a newsletter com novidades e campanhas').uncheck();
  const submit = form.getByRole('button', { name: 'Criar Conta' });
  await expect(submit).toBeDisabled();
  await form.getByRole('checkbox', { name: /Li e aceito/ }).check();
  await submit.click();
  await expect(page.getByText('Conta criada com sucesso! Por favor, verifique o seu email para confirmar a conta.').first()).toBeVisible();
}

async function logIn(page: Page, email: string, password: string) {
  const dialog = await openLogin(page);
  const form = dialog.getByTestId('login-form');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Entrar' }).click();
  return form;
}

test('sign up, confirm the e-mail, log in as CLIENTE and log out', async ({ page }) => {
  const email = `rui-${Date.now()}@exemplo.pt`;
  const password = 'Canalizador#2026';
  await signUp(page, email, password);

  // Not confirmed yet: the login says so.
  await page.goto('/');
  let form = await logIn(page, email, password);
  await expect(form.getByTestId('login-error')).toContainText('Confirme o seu email antes de iniciar sessão');

  const mail = await waitForMail(email, /Confirme o seu email/);
  expect(mail.html).toContain('Confirmar email');
  await page.goto(linkIn(mail, '/auth/confirm'));
  await expect(page.getByRole('heading', { name: 'Email confirmado com sucesso!' })).toBeVisible();

  await page.goto('/');
  form = await logIn(page, email, 'Password-Errada-1');
  await expect(form.getByTestId('login-error')).toHaveText('Email ou password inválidos. Por favor, tente novamente.');
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Entrar' }).click();
  // After the sign-in the page reloads and asks /api/session: on a loaded machine that can take
  // longer than 5 s (the header gives up waiting at 15 s, spec 4).
  await expect(page.getByTestId('user-menu-trigger')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('user-menu-trigger').getByTestId('role-badge')).toHaveText('CLIENTE');

  await page.getByTestId('user-menu-trigger').click();
  await page.getByTestId('user-menu').getByRole('menuitem', { name: 'Sair' }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Área Privada' })).toBeVisible();
  await expect(page.getByTestId('user-menu-trigger')).toHaveCount(0);
});

test('password recovery: the link sets a new password once', async ({ page }) => {
  const email = `recupera-${Date.now()}@exemplo.pt`;
  const password = 'Primeira#Pass1';
  await signUp(page, email, password);
  await page.goto(linkIn(await waitForMail(email, /Confirme o seu email/), '/auth/confirm'));

  await page.goto('/forgot-password');
  await hydrated(page);
  await page.getByRole('main').getByRole('textbox', { name: 'Email' }).first().fill(email);
  await page.getByRole('button', { name: 'Enviar link de recuperação' }).click();
  await expect(page.getByTestId('recovery-sent')).toContainText('Se existir uma conta com este email');
  const link = linkIn(await waitForMail(email, /Recuperar password/), '/reset-password');

  await page.goto(link);
  await hydrated(page);
  await page.getByRole('textbox', { name: 'Nova password', exact: true }).fill('Segunda#Pass22');
  await page.getByLabel('Confirmar nova password').fill('Segunda#Pass22');
  await page.getByRole('button', { name: 'Guardar nova password' }).click();
  await expect(page.getByTestId('reset-done')).toContainText('Password alterada com sucesso');

  // The same link again is refused.
  await page.goto(link);
  await hydrated(page);
  await page.getByRole('textbox', { name: 'Nova password', exact: true }).fill('Terceira#Pass33');
  await page.getByLabel('Confirmar nova password').fill('Terceira#Pass33');
  await page.getByRole('button', { name: 'Guardar nova password' }).click();
  await expect(page.getByTestId('reset-error')).toContainText('O link de recuperação é inválido, já foi usado ou expirou');

  await page.goto('/');
  const form = await logIn(page, email, password);
  await expect(form.getByTestId('login-error')).toContainText('Email ou password inválidos');
  await form.getByLabel('Password').fill('Segunda#Pass22');
  await form.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByTestId('role-badge').first()).toHaveText('CLIENTE');
});

test('an expired recovery link is refused', async ({ page }) => {
  // The test server makes recovery links last 20 s (AUTH_RESET_LINK_TTL_SECONDS).
  test.setTimeout(90_000);
  await page.goto('/forgot-password');
  await hydrated(page);
  await expect(page.getByRole('main')).toContainText('válido durante 20 segundos');
  await page.getByRole('main').getByRole('textbox', { name: 'Email' }).first().fill(DEMO.viewer.email);
  await page.getByRole('button', { name: 'Enviar link de recuperação' }).click();
  await expect(page.getByTestId('recovery-sent')).toBeVisible();
  const mail = await waitForMail(DEMO.viewer.email, /Recuperar password/);
  expect(mail.text).toContain('válido durante 20 segundos');
  await page.waitForTimeout(21_000);
  await page.goto(linkIn(mail, '/reset-password'));
  await hydrated(page);
  await page.getByRole('textbox', { name: 'Nova password', exact: true }).fill('Expirada#Pass44');
  await page.getByLabel('Confirmar nova password').fill('Expirada#Pass44');
  await page.getByRole('button', { name: 'Guardar nova password' }).click();
  await expect(page.getByTestId('reset-error')).toContainText('O link de recuperação é inválido, já foi usado ou expirou');
});

test('a guest opening /dashboard logs in and comes back', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login\?next=%2Fdashboard$/);
  await hydrated(page);
  const form = page.getByTestId('login-form');
  await form.getByLabel('Email').fill(DEMO.particular.email);
  await form.getByLabel('Password').fill(DEMO.particular.password);
  await form.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'A minha conta' })).toBeVisible();
});

test('a viewer opening /admin/campaigns sees Access Denied; the pro badge shows the account name', async ({ page }) => {
  await page.goto('/admin/login');
  await hydrated(page);
  const form = page.getByTestId('login-form');
  await form.getByLabel('Email').fill(DEMO.viewer.email);
  await form.getByLabel('Password').fill(DEMO.viewer.password);
  await form.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  const response = await page.goto('/admin/campaigns');
  expect(response?.status()).toBe(403);
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();

  await page.context().clearCookies();
  await page.goto('/');
  await logIn(page, DEMO.pro.email, DEMO.pro.password);
  await expect(page.getByTestId('user-menu-trigger').getByTestId('role-badge')).toHaveText('CANALIZAÇÕES DEMO');
});

test('the sign-up form explains every rule before sending anything', async ({ page }) => {
  await page.goto('/login?tab=signup');
  await hydrated(page);
  const form = page.getByTestId('signup-form');
  await form.getByLabel('Email').fill('isto-nao-e-email');
  await form.getByRole('textbox', { name: 'Password', exact: true }).fill('curta');
  await expect(form.getByTestId('password-strength')).toContainText('Muito Fraca');
  await form.getByLabel('Confirmar password').fill('outra');
  await form.getByLabel('NIF (opcional)').fill('123456780');
  await form.getByLabel('Primeiro nome').focus();
  await form.getByLabel('Apelido').focus();
  await form.getByLabel('Email').focus();
  await expect(form).toContainText('Endereço de email inválido');
  await expect(form).toContainText('A password deve ter pelo menos 12 caracteres');
  await expect(form).toContainText('As passwords não coincidem');
  await expect(form).toContainText('O NIF não é válido');
  await expect(form).toContainText('O primeiro nome é obrigatório');
});
