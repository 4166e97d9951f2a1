import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { toast } from '@/components/ui/toast';
import { AccessRequestForm } from '@/components/access-request/access-request-form';
import { submitAccessRequestAction } from '@/server/access-requests/actions';

// next-intl is an ES module Jest does not load: the stand-ins read the real messages file.
jest.mock('next-intl', () => jest.requireActual('@/tests/helpers/next-intl').nextIntlMock());

jest.mock('@/server/access-requests/actions', () => ({ submitAccessRequestAction: jest.fn() }));
jest.mock('@/components/ui/toast', () => ({ toast: { success: jest.fn(), error: jest.fn() } }));

const action = jest.mocked(submitAccessRequestAction);
type ActionResult = Awaited<ReturnType<typeof submitAccessRequestAction>>;

const field = (label: string | RegExp) => screen.getByLabelText(label);
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Enviar pedido' }));

/** 123456789 has a valid check digit (mod 11); 123456780 does not. */
const VALID_NIF = '123456789';

function fillValid() {
  fireEvent.change(field(/^Nome da empresa/), { target: { value: 'Canalizações Silva, Lda.' } });
  fireEvent.change(field(/^NIF/), { target: { value: VALID_NIF } });
  fireEvent.change(field(/^Nome do contacto/), { target: { value: 'Ana Silva' } });
  fireEvent.change(field(/^Email/), { target: { value: 'ana@silva.pt' } });
  fireEvent.change(field('Telemóvel (opcional)'), { target: { value: '912345678' } });
  fireEvent.change(field(/^Tipologia/), { target: { value: 'Instalador' } });
  fireEvent.change(field('Mensagem (opcional)'), { target: { value: 'Obras em Gaia e Porto.' } });
  fireEvent.click(field(/Li e aceito/));
}

/** The error text tied to a control through aria-describedby. */
function describedError(control: HTMLElement): string {
  const ids = (control.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' | ');
}

beforeEach(() => {
  action.mockReset();
  jest.mocked(toast.success).mockReset();
});

describe('access request form', () => {
  it('shows a Portuguese message per empty required field, tied with aria-invalid and aria-describedby, and sends nothing', async () => {
    render(<AccessRequestForm />);
    submit();
    await screen.findByText('O nome da empresa é obrigatório');
    const expectations: [HTMLElement, string][] = [
      [field(/^Nome da empresa/), 'O nome da empresa é obrigatório'],
      [field(/^NIF/), 'O NIF deve ter exatamente 9 dígitos'],
      [field(/^Nome do contacto/), 'O nome do contacto é obrigatório'],
      [field(/^Email/), 'Endereço de email inválido'],
      [field(/^Tipologia/), 'Selecione a tipologia'],
      [field(/Li e aceito/), 'Deve aceitar a política de privacidade para continuar'],
    ];
    for (const [control, text] of expectations) {
      expect(control).toHaveAttribute('aria-invalid', 'true');
      expect(describedError(control)).toContain(text);
    }
    expect(field('Telemóvel (opcional)')).not.toHaveAttribute('aria-invalid');
    expect(field('Mensagem (opcional)')).not.toHaveAttribute('aria-invalid');
    expect(action).not.toHaveBeenCalled();
  });

  it('refuses a NIF with a wrong check digit and a short phone', async () => {
    render(<AccessRequestForm />);
    fillValid();
    fireEvent.change(field(/^NIF/), { target: { value: '123456780' } });
    fireEvent.change(field('Telemóvel (opcional)'), { target: { value: '91234567' } });
    submit();
    expect(await screen.findByText('O NIF não é válido')).toBeInTheDocument();
    expect(
      screen.getByText('O número de telemóvel deve ter exatamente 9 dígitos'),
    ).toBeInTheDocument();
    expect(action).not.toHaveBeenCalled();

    fireEvent.change(field(/^NIF/), { target: { value: VALID_NIF } });
    await waitFor(() => expect(screen.queryByText('O NIF não é válido')).not.toBeInTheDocument());
  });

  it('keeps only digits, at most 9, in the NIF and phone inputs', () => {
    render(<AccessRequestForm />);
    fireEvent.change(field(/^NIF/), { target: { value: 'PT 123-456-789 0' } });
    expect(field(/^NIF/)).toHaveValue('123456789');
    fireEvent.change(field('Telemóvel (opcional)'), { target: { value: '+351 912 345 678' } });
    expect(field('Telemóvel (opcional)')).toHaveValue('351912345');
    fireEvent.change(field('Telemóvel (opcional)'), { target: { value: '912 34a5' } });
    expect(field('Telemóvel (opcional)')).toHaveValue('912345');
  });

  it('offers the typologies after a disabled placeholder and hides the honeypot', () => {
    render(<AccessRequestForm />);
    const select = field(/^Tipologia/) as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual([
      'Selecione a tipologia',
      'Arquiteto',
      'Decorador',
      'Empreiteiro',
      'Instalador',
      'Promotor',
      'Revendedor',
      'Outro',
    ]);
    expect(select.options[0]).toBeDisabled();
    const honeypot = screen.getByLabelText('Não preencha este campo');
    expect(honeypot).toHaveAttribute('tabindex', '-1');
    expect(honeypot.closest('[aria-hidden="true"]')).not.toBeNull();
  });

  it('sends the values and replaces the form with the confirmation panel', async () => {
    let finish!: (r: ActionResult) => void;
    action.mockReturnValue(new Promise((resolve) => (finish = resolve)));
    render(<AccessRequestForm />);
    fillValid();
    submit();
    expect(await screen.findByRole('button', { name: 'A enviar...' })).toBeDisabled();
    expect(action).toHaveBeenCalledWith({
      companyName: 'Canalizações Silva, Lda.',
      fiscalNumber: VALID_NIF,
      contactName: 'Ana Silva',
      email: 'ana@silva.pt',
      phone: '912345678',
      typology: 'Instalador',
      message: 'Obras em Gaia e Porto.',
      acceptPrivacyPolicy: true,
      honeypot: '',
    });
    await act(async () => finish({ ok: true, data: { message: 'AccessRequest.form.success' } }));
    const panel = await screen.findByRole('status');
    expect(panel).toHaveTextContent('Pedido enviado com sucesso!');
    expect(panel).toHaveTextContent('2 dias úteis');
    expect(screen.queryByTestId('access-request-form')).not.toBeInTheDocument();
    expect(toast.success).toHaveBeenCalledWith('Pedido enviado com sucesso!');
  });

  it('shows server field errors next to their fields and a general error in an alert', async () => {
    action.mockResolvedValueOnce({
      ok: false,
      error: {
        code: 'bad_request',
        message: 'Errors.badRequest',
        fieldErrors: { fiscalNumber: ['Validation.nifInvalid'] },
      },
    });
    render(<AccessRequestForm />);
    fillValid();
    submit();
    expect(await screen.findByText('O NIF não é válido')).toBeInTheDocument();
    expect(field(/^NIF/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Por favor, corrija os campos assinalados.',
    );

    action.mockResolvedValueOnce({
      ok: false,
      error: { code: 'rate_limited', message: 'Errors.rateLimited', values: { minutes: 60 } },
    });
    fireEvent.change(field(/^NIF/), { target: { value: VALID_NIF } });
    submit();
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Demasiadas tentativas. Por favor, aguarde 60 minutos e tente novamente.',
      ),
    );
    expect(field(/^Nome da empresa/)).toHaveValue('Canalizações Silva, Lda.');
  });
});
