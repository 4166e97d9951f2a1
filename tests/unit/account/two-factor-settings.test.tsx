import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { toast } from '@/components/ui/toast';
import { TwoFactorSettings } from '@/components/account/two-factor-settings';
import { confirmTwoFactorAction, disableTwoFactorAction, startTwoFactorAction } from '@/server/auth/two-factor-actions';

// next-intl is an ES module Jest does not load: the stand-ins read the real messages file.
jest.mock('next-intl', () => jest.requireActual('@/tests/helpers/next-intl').nextIntlMock());

const refresh = jest.fn();
jest.mock('next/navigation', () => ({ useRouter: () => ({ refresh }) }));
jest.mock('@/server/auth/two-factor-actions', () => ({
  startTwoFactorAction: jest.fn(),
  confirmTwoFactorAction: jest.fn(),
  disableTwoFactorAction: jest.fn(),
}));
jest.mock('@/components/ui/toast', () => ({ toast: { success: jest.fn(), error: jest.fn() } }));

const start = jest.mocked(startTwoFactorAction);
const confirm = jest.mocked(confirmTwoFactorAction);
const disable = jest.mocked(disableTwoFactorAction);

const QR_SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>';
const SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
const BACKUP_CODES = Array.from({ length: 10 }, (_, i) => `code${i}-abcde`);
const SETUP = { uri: `otpauth://totp/Casa:ana@example.pt?secret=${SECRET}&issuer=Casa`, secret: SECRET, qrSvg: QR_SVG, backupCodes: BACKUP_CODES };

const type = (control: HTMLElement, value: string) => fireEvent.change(control, { target: { value } });
const passwordInput = () => screen.getByLabelText(/^Password/);
const codeInput = () => screen.getByLabelText(/^Código de 6 dígitos/);

/** Every visible input has a label. */
function expectLabelledInputs() {
  for (const input of document.querySelectorAll('input:not([type=hidden])')) {
    expect(input.id).toBeTruthy();
    expect(document.querySelector(`label[for="${CSS.escape(input.id)}"]`)).not.toBeNull();
  }
}

beforeEach(() => {
  start.mockReset();
  confirm.mockReset();
  disable.mockReset();
  refresh.mockReset();
  jest.mocked(toast.success).mockReset();
});

describe('two-factor settings', () => {
  it('when off: explains, asks for the password and offers "Ativar"', () => {
    render(<TwoFactorSettings enabled={false} />);
    expect(screen.getByRole('heading', { name: 'Verificação em dois passos' })).toBeInTheDocument();
    expect(screen.getByText(/código de 6 dígitos de uma aplicação de autenticação/)).toBeInTheDocument();
    expect(screen.queryByText('Ativa')).not.toBeInTheDocument();
    expect(passwordInput()).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Ativar' })).toBeInTheDocument();
    expectLabelledInputs();
  });

  it('enable → QR code, manual key and backup codes → confirm with the code', async () => {
    start.mockResolvedValue({ ok: true, data: SETUP });
    confirm.mockResolvedValue({ ok: true, data: { message: 'Account.twoFactor.enabled' } });
    render(<TwoFactorSettings enabled={false} />);

    type(passwordInput(), 'Editora-Password-1');
    fireEvent.click(screen.getByRole('button', { name: 'Ativar' }));

    const qr = await screen.findByRole('img', { name: 'Código QR para a aplicação de autenticação' });
    expect(start).toHaveBeenCalledWith({ password: 'Editora-Password-1' });
    expect(qr.getAttribute('src')).toBe(`data:image/svg+xml;base64,${Buffer.from(QR_SVG).toString('base64')}`);
    // Never injected as markup.
    expect(document.querySelector('section svg')).toBeNull();
    expect(screen.getByText('Chave para introdução manual')).toBeInTheDocument();
    expect(screen.getByTestId('two-factor-secret')).toHaveTextContent(SECRET);
    expect(screen.getByTestId('two-factor-secret')).toHaveClass('font-mono');
    const codes = screen.getByRole('list', { name: 'Códigos de recuperação' });
    expect(within(codes).getAllByRole('listitem').map((li) => li.textContent)).toEqual(BACKUP_CODES);
    expect(screen.getByText(/Guarde estes códigos num local seguro/)).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Password/)).not.toBeInTheDocument();
    expectLabelledInputs();

    // Only digits, at most 6.
    type(codeInput(), '12a34 56789');
    expect(codeInput()).toHaveValue('123456');
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar' }));

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Verificação em dois passos ativada.'));
    expect(confirm).toHaveBeenCalledWith({ code: '123456' });
    expect(refresh).toHaveBeenCalled();
    expect(screen.getByText('Ativa')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Desativar' })).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('shows the errors of the actions as alerts, and checks the inputs before sending', async () => {
    start.mockResolvedValueOnce({ ok: false, error: { code: 'bad_request', message: 'Account.twoFactor.wrongPassword' } });
    render(<TwoFactorSettings enabled={false} />);

    fireEvent.click(screen.getByRole('button', { name: 'Ativar' }));
    expect(await screen.findByText('Indique a sua password')).toBeInTheDocument();
    expect(passwordInput()).toHaveAttribute('aria-invalid', 'true');
    expect(start).not.toHaveBeenCalled();

    type(passwordInput(), 'Errada-Password-1');
    fireEvent.click(screen.getByRole('button', { name: 'Ativar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('A password não está correta.');
    expect(screen.queryByRole('img')).not.toBeInTheDocument();

    start.mockResolvedValueOnce({ ok: true, data: SETUP });
    fireEvent.click(screen.getByRole('button', { name: 'Ativar' }));
    await screen.findByRole('img', { name: 'Código QR para a aplicação de autenticação' });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    type(codeInput(), '123');
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('O código tem 6 dígitos.')).toBeInTheDocument();
    expect(confirm).not.toHaveBeenCalled();

    confirm.mockResolvedValueOnce({ ok: false, error: { code: 'bad_request', message: 'Account.twoFactor.invalidCode' } });
    type(codeInput(), '000000');
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Código inválido. Confirme o código da aplicação de autenticação.');
    expect(toast.success).not.toHaveBeenCalled();
    expect(refresh).not.toHaveBeenCalled();
    // Still on the setup step, to try again.
    expect(screen.getByRole('img', { name: 'Código QR para a aplicação de autenticação' })).toBeInTheDocument();

    confirm.mockRejectedValueOnce(new Error('network'));
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Erro inesperado. Por favor, tente novamente.');
  });

  it('when on: "Ativa" badge; disabling asks for the password', async () => {
    disable.mockResolvedValueOnce({ ok: false, error: { code: 'bad_request', message: 'Account.twoFactor.wrongPassword' } });
    disable.mockResolvedValueOnce({ ok: true, data: { message: 'Account.twoFactor.disabled' } });
    const { rerender } = render(<TwoFactorSettings enabled />);
    expect(screen.getByText('Ativa')).toBeInTheDocument();
    expectLabelledInputs();

    type(passwordInput(), 'Errada-Password-1');
    fireEvent.click(screen.getByRole('button', { name: 'Desativar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('A password não está correta.');

    type(passwordInput(), 'Editora-Password-1');
    fireEvent.click(screen.getByRole('button', { name: 'Desativar' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Verificação em dois passos desativada.'));
    expect(disable).toHaveBeenLastCalledWith({ password: 'Editora-Password-1' });
    expect(refresh).toHaveBeenCalled();
    expect(screen.queryByText('Ativa')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ativar' })).toBeInTheDocument();

    // The server's value after router.refresh() wins.
    rerender(<TwoFactorSettings enabled />);
    rerender(<TwoFactorSettings enabled={false} />);
    expect(screen.getByRole('button', { name: 'Ativar' })).toBeInTheDocument();
  });
});
