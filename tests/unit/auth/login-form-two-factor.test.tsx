import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { LoginForm } from '@/components/auth/login-form';
import { signInAction, verifyBackupCodeAction, verifyTotpAction } from '@/server/auth/actions';

// next-intl is an ES module Jest does not load: the stand-ins read the real messages file.
jest.mock('next-intl', () => jest.requireActual('@/tests/helpers/next-intl').nextIntlMock());
// The server actions are the form's network edge (tests/integration/two-factor.test.ts runs the real ones).
jest.mock('@/server/auth/actions', () => ({
  signInAction: jest.fn(),
  verifyTotpAction: jest.fn(),
  verifyBackupCodeAction: jest.fn(),
  resendConfirmationAction: jest.fn(),
}));

const signIn = jest.mocked(signInAction);
const verifyTotp = jest.mocked(verifyTotpAction);
const verifyBackup = jest.mocked(verifyBackupCodeAction);

async function toCodeStep() {
  signIn.mockResolvedValue({ ok: true, data: { twoFactor: true } });
  render(<LoginForm />);
  fireEvent.change(screen.getByLabelText(/Email/), { target: { value: 'editora@loja.example.pt' } });
  fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'Editora-Password-1' } });
  fireEvent.click(screen.getByRole('button', { name: 'Entrar' }));
  return screen.findByLabelText(/Código de verificação/);
}

beforeEach(() => {
  signIn.mockReset();
  verifyTotp.mockReset();
  verifyBackup.mockReset();
});

describe('the login form with a second factor', () => {
  it('keeps asking for the code after a wrong one', async () => {
    const field = await toCodeStep();
    verifyTotp.mockResolvedValue({ ok: false, error: { code: 'unauthorized', message: 'Auth.twoFactor.invalidCode' } });
    fireEvent.change(field, { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Código inválido');
    expect(screen.getByLabelText(/Código de verificação/)).toBeInTheDocument();
  });

  it('goes back to the password when the pending sign-in took too many codes, saying so', async () => {
    const field = await toCodeStep();
    verifyTotp.mockResolvedValue({ ok: false, error: { code: 'rate_limited', message: 'Auth.twoFactor.signInAgain' } });
    fireEvent.change(field, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verificar' }));
    await waitFor(() => expect(screen.getByTestId('login-form')).toBeInTheDocument());
    expect(screen.queryByLabelText(/Código de verificação/)).not.toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Demasiadas tentativas. Inicie sessão novamente.');
    // The e-mail is still there; only the password is asked again.
    expect(screen.getByLabelText(/Email/)).toHaveValue('editora@loja.example.pt');
  });

  it('goes back to the password from a backup code too when the pending sign-in is gone', async () => {
    await toCodeStep();
    fireEvent.click(screen.getByRole('button', { name: 'Usar um código de recuperação' }));
    verifyBackup.mockResolvedValue({ ok: false, error: { code: 'unauthorized', message: 'Auth.twoFactor.challengeGone' } });
    fireEvent.change(screen.getByLabelText(/Código de recuperação/), { target: { value: 'abcde-fghij' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verificar' }));
    await waitFor(() => expect(screen.getByTestId('login-form')).toBeInTheDocument());
    expect(screen.getByRole('alert')).toHaveTextContent('Inicie sessão novamente.');
  });
});
