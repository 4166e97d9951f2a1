import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { toast } from '@/components/ui/toast';
import { ChangeEmailForm, ChangePasswordForm, DeleteAccount, SettingsForms } from '@/components/account/settings-forms';
import { changeEmailAction, changePasswordAction, deleteAccountAction } from '@/server/auth/actions';

// next-intl is an ES module Jest does not load: the stand-ins read the real messages file.
jest.mock('next-intl', () => jest.requireActual('@/tests/helpers/next-intl').nextIntlMock());

jest.mock('@/server/auth/actions', () => ({
  changePasswordAction: jest.fn(),
  changeEmailAction: jest.fn(),
  deleteAccountAction: jest.fn(),
}));
jest.mock('@/components/ui/toast', () => ({ toast: { success: jest.fn(), error: jest.fn() } }));

const changePassword = jest.mocked(changePasswordAction);
const changeEmail = jest.mocked(changeEmailAction);
const deleteAccount = jest.mocked(deleteAccountAction);

const STRONG = 'Canalizacao#2024';

/** The texts tied to a control through aria-describedby. */
function described(control: HTMLElement): string {
  const ids = (control.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' | ');
}
const type = (control: HTMLElement, value: string) => fireEvent.change(control, { target: { value } });

beforeEach(() => {
  changePassword.mockReset();
  changeEmail.mockReset();
  deleteAccount.mockReset();
  jest.mocked(toast.success).mockReset();
});

describe('settings page sections', () => {
  it('has the three sections, every input labelled', () => {
    render(<SettingsForms email="ana@example.pt" />);
    expect(screen.getByRole('heading', { name: 'Alterar password' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Alterar email' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Eliminar conta' })).toBeInTheDocument();
    for (const input of document.querySelectorAll('input:not([type=hidden])')) {
      expect(input.id).toBeTruthy();
      expect(document.querySelector(`label[for="${input.id}"]`)).not.toBeNull();
    }
    expect(screen.queryByText('O email da conta foi alterado.')).not.toBeInTheDocument();
  });

  it('shows the notice after the e-mail confirmation link', () => {
    render(<SettingsForms email="novo@example.pt" emailChanged />);
    expect(screen.getByText('O email da conta foi alterado.')).toBeInTheDocument();
    expect(screen.getByText('novo@example.pt')).toBeInTheDocument();
  });
});

describe('change password', () => {
  const current = () => screen.getByLabelText(/^Password atual/);
  const next = () => screen.getByLabelText(/^Nova password/);
  const confirm = () => screen.getByLabelText(/^Confirmar nova password/);
  const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Alterar password' }));

  it('validates every field and sends nothing on bad input', async () => {
    render(<ChangePasswordForm />);
    submit();
    expect(await screen.findByText('Indique a password atual')).toBeInTheDocument();
    expect(current()).toHaveAttribute('aria-invalid', 'true');
    expect(described(current())).toContain('Indique a password atual');
    expect(described(next())).toContain('A password deve ter pelo menos 12 caracteres');

    type(current(), 'antiga');
    type(next(), 'curta');
    type(confirm(), 'outra');
    submit();
    await waitFor(() => expect(described(confirm())).toContain('As passwords não coincidem'));
    expect(described(next())).toContain('A password deve ter pelo menos 12 caracteres');
    expect(changePassword).not.toHaveBeenCalled();
  });

  it('shows the strength meter while typing', async () => {
    render(<ChangePasswordForm />);
    type(next(), 'abc');
    expect(await screen.findByRole('status')).toHaveTextContent('Força da password: Muito Fraca');
    type(next(), STRONG);
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Força da password: Forte'));
  });

  it('shows the server field error', async () => {
    changePassword.mockResolvedValue({
      ok: false,
      error: {
        code: 'bad_request',
        message: 'Account.password.wrongCurrent',
        fieldErrors: { currentPassword: ['Account.password.wrongCurrent'] },
      },
    });
    render(<ChangePasswordForm />);
    type(current(), 'errada-mas-preenchida');
    type(next(), STRONG);
    type(confirm(), STRONG);
    submit();
    await waitFor(() => expect(described(current())).toContain('A password atual não está correta.'));
    expect(current()).toHaveAttribute('aria-invalid', 'true');
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('sends the values and toasts the message', async () => {
    changePassword.mockResolvedValue({ ok: true, data: { message: 'Account.password.changed' } });
    render(<ChangePasswordForm />);
    type(current(), 'AntigaPassword#1');
    type(next(), STRONG);
    type(confirm(), STRONG);
    submit();
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Password alterada. As outras sessões foram terminadas.'));
    expect(changePassword).toHaveBeenCalledWith({ currentPassword: 'AntigaPassword#1', password: STRONG, confirmPassword: STRONG });
    await waitFor(() => expect(current()).toHaveValue(''));
  });
});

describe('change e-mail', () => {
  const email = () => screen.getByLabelText(/^Novo email/);
  const password = () => screen.getByLabelText(/^Password atual/);
  const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Alterar email' }));

  it('checks the address and the password and sends nothing on bad input', async () => {
    render(<ChangeEmailForm currentEmail="ana@example.pt" />);
    submit();
    expect(await screen.findByText('O email é obrigatório')).toBeInTheDocument();
    expect(await screen.findByText('Indique a password atual')).toBeInTheDocument();
    type(email(), 'ana@');
    submit();
    await waitFor(() => expect(described(email())).toContain('Endereço de email inválido'));
    expect(email()).toHaveAttribute('aria-invalid', 'true');
    expect(changeEmail).not.toHaveBeenCalled();
  });

  it('shows a server error', async () => {
    changeEmail.mockResolvedValue({ ok: false, error: { code: 'bad_request', message: 'Account.email.same' } });
    render(<ChangeEmailForm currentEmail="ana@example.pt" />);
    type(email(), 'ana@example.pt');
    type(password(), 'MinhaPassword#9');
    submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Esse já é o email da sua conta.');
  });

  it('shows server field errors on the inputs (address, wrong password)', async () => {
    changeEmail.mockResolvedValue({
      ok: false,
      error: { code: 'bad_request', message: 'Errors.badRequest', fieldErrors: { newEmail: ['Validation.emailInvalid'], currentPassword: ['Account.email.wrongPassword'] } },
    });
    render(<ChangeEmailForm currentEmail="ana@example.pt" />);
    type(email(), 'nova@example.pt');
    type(password(), 'Errada#Pass1');
    submit();
    await waitFor(() => expect(described(email())).toContain('Endereço de email inválido'));
    await waitFor(() => expect(described(password())).toContain('A password atual não está correta.'));
  });

  it('sends the normalised address with the password and shows the message of the action', async () => {
    const message = 'Enviámos um pedido de autorização para ana@example.pt. Depois de o autorizar, receberá um link de confirmação no novo endereço; o email da conta muda quando o confirmar.';
    changeEmail.mockResolvedValue({ ok: true, data: { message: 'Account.email.sent', values: { email: 'ana@example.pt' } } });
    render(<ChangeEmailForm currentEmail="ana@example.pt" />);
    type(email(), '  Nova@Example.PT ');
    type(password(), 'MinhaPassword#9');
    submit();
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(changeEmail).toHaveBeenCalledWith({ newEmail: 'nova@example.pt', currentPassword: 'MinhaPassword#9' });
  });
});

describe('delete account', () => {
  async function openDialog() {
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar conta' }));
    return screen.findByRole('dialog');
  }

  it('asks for the password in a dialog and sends nothing without it', async () => {
    const onDeleted = jest.fn();
    render(<DeleteAccount onDeleted={onDeleted} />);
    const dialog = await openDialog();
    expect(within(dialog).getByRole('heading', { name: 'Eliminar a sua conta?' })).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar definitivamente' }));
    expect(await within(dialog).findByText('Indique a sua password')).toBeInTheDocument();
    expect(described(within(dialog).getByLabelText(/^Password/))).toContain('Indique a sua password');
    expect(deleteAccount).not.toHaveBeenCalled();
    expect(onDeleted).not.toHaveBeenCalled();
  });

  it('shows a wrong password answered by the server', async () => {
    deleteAccount.mockResolvedValue({ ok: false, error: { code: 'bad_request', message: 'Account.delete.wrongPassword' } });
    const onDeleted = jest.fn();
    render(<DeleteAccount onDeleted={onDeleted} />);
    const dialog = await openDialog();
    type(within(dialog).getByLabelText(/^Password/), 'errada');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar definitivamente' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('A password não está correta.');
    expect(onDeleted).not.toHaveBeenCalled();
  });

  it('deletes with the password, toasts the message and leaves the page', async () => {
    deleteAccount.mockResolvedValue({ ok: true, data: { message: 'Account.delete.deleted' } });
    const onDeleted = jest.fn();
    render(<DeleteAccount onDeleted={onDeleted} />);
    const dialog = await openDialog();
    type(within(dialog).getByLabelText(/^Password/), 'MinhaPassword#9');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar definitivamente' }));
    await waitFor(() => expect(onDeleted).toHaveBeenCalled());
    expect(deleteAccount).toHaveBeenCalledWith({ password: 'MinhaPassword#9' });
    expect(toast.success).toHaveBeenCalledWith('A sua conta foi eliminada.');
  });
});
