import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ProfileForm } from '@/components/account/profile-form';
import { updateProfileAction } from '@/server/auth/actions';
import { toast } from '@/components/ui/toast';

// next-intl is an ES module Jest does not load: the stand-ins read the real messages file.
jest.mock('next-intl', () => jest.requireActual('@/tests/helpers/next-intl').nextIntlMock());

const refresh = jest.fn();
jest.mock('next/navigation', () => ({ useRouter: () => ({ refresh }) }));
jest.mock('@/server/auth/actions', () => ({ updateProfileAction: jest.fn() }));
jest.mock('@/components/ui/toast', () => ({ toast: { success: jest.fn(), error: jest.fn() } }));

const action = jest.mocked(updateProfileAction);

const nameInput = () => screen.getByLabelText(/^Nome\s*\*?$/);
const fiscalInput = () => screen.getByLabelText(/^Nome fiscal/);
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Guardar alterações' }));

/** The texts tied to a control through aria-describedby. */
function described(control: HTMLElement): string {
  const ids = (control.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' | ');
}

beforeEach(() => {
  action.mockReset();
  refresh.mockReset();
  jest.mocked(toast.success).mockReset();
});

describe('profile form', () => {
  it('shows the current values and a hint for the fiscal name', () => {
    render(<ProfileForm fullName="Ana Silva" fiscalName={null} />);
    expect(nameInput()).toHaveValue('Ana Silva');
    expect(fiscalInput()).toHaveValue('');
    expect(described(fiscalInput())).toMatch(/faturas/);
  });

  it('requires the name, caps the lengths and sends nothing on bad input', async () => {
    render(<ProfileForm fullName="Ana Silva" fiscalName={null} />);
    fireEvent.change(nameInput(), { target: { value: '   ' } });
    submit();
    expect(await screen.findByText('O nome é obrigatório')).toBeInTheDocument();
    expect(nameInput()).toHaveAttribute('aria-invalid', 'true');
    expect(described(nameInput())).toContain('O nome é obrigatório');

    fireEvent.change(nameInput(), { target: { value: 'Ana' } });
    fireEvent.change(fiscalInput(), { target: { value: 'x'.repeat(161) } });
    submit();
    expect(await screen.findByText('O nome fiscal não pode ter mais de 160 caracteres')).toBeInTheDocument();
    expect(described(fiscalInput())).toContain('O nome fiscal não pode ter mais de 160 caracteres');
    expect(action).not.toHaveBeenCalled();
  });

  it('shows a field error answered by the server', async () => {
    action.mockResolvedValue({ ok: false, error: { code: 'bad_request', message: 'Errors.badRequest', fieldErrors: { fullName: ['Validation.nameRequired'] } } });
    render(<ProfileForm fullName="Ana Silva" fiscalName={null} />);
    submit();
    await waitFor(() => expect(nameInput()).toHaveAttribute('aria-invalid', 'true'));
    expect(described(nameInput())).toContain('O nome é obrigatório');
    expect(toast.success).not.toHaveBeenCalled();
    expect(refresh).not.toHaveBeenCalled();
  });

  it('shows a general error without field errors', async () => {
    action.mockResolvedValue({ ok: false, error: { code: 'unauthorized', message: 'Errors.unauthenticated' } });
    render(<ProfileForm fullName="Ana Silva" fiscalName={null} />);
    submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('A sua sessão terminou. Inicie sessão novamente.');
  });

  it('sends the trimmed values, toasts the message and refreshes the page', async () => {
    action.mockResolvedValue({ ok: true, data: { message: 'Account.profile.saved' } });
    render(<ProfileForm fullName="Ana Silva" fiscalName="" />);
    fireEvent.change(nameInput(), { target: { value: '  Ana Maria Silva ' } });
    fireEvent.change(fiscalInput(), { target: { value: 'Silva & Filhos, Lda.' } });
    submit();
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Perfil atualizado.'));
    expect(action).toHaveBeenCalledTimes(1);
    expect(action).toHaveBeenCalledWith({ fullName: 'Ana Maria Silva', fiscalName: 'Silva & Filhos, Lda.' });
    expect(refresh).toHaveBeenCalled();
  });
});
