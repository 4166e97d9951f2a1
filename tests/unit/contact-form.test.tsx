import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ContactForm } from '@/components/contact/contact-form';
import { sendContactMessageAction } from '@/server/contact/actions';

// next-intl is an ES module Jest does not load: the stand-ins read the real messages file.
jest.mock('next-intl', () => jest.requireActual('@/tests/helpers/next-intl').nextIntlMock());
jest.mock('@/server/contact/actions', () => ({ sendContactMessageAction: jest.fn() }));
jest.mock('@/components/ui/toast', () => ({ toast: { success: jest.fn(), error: jest.fn() } }));

const action = jest.mocked(sendContactMessageAction);
type ActionResult = Awaited<ReturnType<typeof sendContactMessageAction>>;

const field = (label: string | RegExp) => screen.getByLabelText(label);
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Enviar mensagem' }));

function fillValid() {
  fireEvent.change(field(/^Nome/), { target: { value: 'Ana Silva' } });
  fireEvent.change(field(/^Email/), { target: { value: 'ana@example.pt' } });
  fireEvent.change(field('Telemóvel (opcional)'), { target: { value: '912 345 678' } });
  fireEvent.change(field(/^Assunto/), { target: { value: 'Encomenda' } });
  fireEvent.change(field(/^Mensagem/), {
    target: { value: 'Gostaria de saber o prazo de entrega.' },
  });
  fireEvent.click(field(/Li e aceito/));
}

/** The error text tied to a control through aria-describedby. */
function describedError(control: HTMLElement): string {
  const ids = (control.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' | ');
}

beforeEach(() => action.mockReset());

describe('contact form', () => {
  it('shows a clear Portuguese message per field, tied with aria-invalid and aria-describedby, and sends nothing', async () => {
    render(<ContactForm />);
    submit();
    await screen.findByText('Por favor, introduza o seu nome.');
    const expectations: [HTMLElement, string][] = [
      [field(/^Nome/), 'Por favor, introduza o seu nome.'],
      [field(/^Email/), 'Por favor, introduza o seu email.'],
      [field(/^Assunto/), 'Por favor, selecione o assunto.'],
      [field(/^Mensagem/), 'A mensagem deve ter pelo menos 10 caracteres.'],
      [field(/Li e aceito/), 'Tem de aceitar a política de privacidade para enviar a mensagem.'],
    ];
    for (const [control, text] of expectations) {
      expect(control).toHaveAttribute('aria-invalid', 'true');
      expect(describedError(control)).toContain(text);
    }
    expect(field('Telemóvel (opcional)')).not.toHaveAttribute('aria-invalid');
    expect(action).not.toHaveBeenCalled();
  });

  it('checks the e-mail shape, the 9-digit phone (spaces ignored) and the message length', async () => {
    render(<ContactForm />);
    fillValid();
    fireEvent.change(field(/^Email/), { target: { value: 'ana@' } });
    fireEvent.change(field('Telemóvel (opcional)'), { target: { value: '91 234 567' } });
    fireEvent.change(field(/^Mensagem/), { target: { value: 'Curta' } });
    submit();
    expect(
      await screen.findByText('O número de telemóvel deve ter exatamente 9 dígitos'),
    ).toBeInTheDocument();
    expect(screen.getByText('Por favor, introduza um email válido.')).toBeInTheDocument();
    expect(screen.getByText('A mensagem deve ter pelo menos 10 caracteres.')).toBeInTheDocument();
    expect(action).not.toHaveBeenCalled();

    fireEvent.change(field('Telemóvel (opcional)'), { target: { value: '912 345 678' } });
    fireEvent.change(field(/^Email/), { target: { value: 'ana@example.pt' } });
    fireEvent.change(field(/^Mensagem/), { target: { value: 'Mensagem com tamanho suficiente.' } });
    await waitFor(() =>
      expect(
        screen.queryByText('O número de telemóvel deve ter exatamente 9 dígitos'),
      ).not.toBeInTheDocument(),
    );
  });

  it('sends the values, shows the success message and resets the form', async () => {
    let finish!: (r: ActionResult) => void;
    action.mockReturnValue(new Promise((resolve) => (finish = resolve)));
    render(<ContactForm />);
    fillValid();
    submit();
    expect(await screen.findByRole('button', { name: 'A enviar...' })).toBeDisabled();
    expect(action).toHaveBeenCalledWith({
      name: 'Ana Silva',
      email: 'ana@example.pt',
      phone: '912 345 678',
      subject: 'Encomenda',
      message: 'Gostaria de saber o prazo de entrega.',
      consent: true,
      honeypot: '',
    });
    await act(async () => finish({ ok: true, data: { message: 'Contact.form.success' } }));
    expect(
      await screen.findByText('Mensagem enviada. Obrigado! Responderemos com a maior brevidade.'),
    ).toBeInTheDocument();
    expect(field(/^Nome/)).toHaveValue('');
    expect(field(/^Mensagem/)).toHaveValue('');
    expect(field(/Li e aceito/)).not.toBeChecked();
  });

  it('on a failure keeps everything the user typed and says so', async () => {
    action.mockResolvedValue({
      ok: false,
      error: { code: 'internal_error', message: 'Errors.generic' },
    });
    render(<ContactForm />);
    fillValid();
    submit();
    expect(await screen.findByText('Não foi possível enviar a mensagem.')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('O que escreveu continua no formulário.');
    expect(field(/^Nome/)).toHaveValue('Ana Silva');
    expect(field(/^Mensagem/)).toHaveValue('Gostaria de saber o prazo de entrega.');
    expect(field(/^Assunto/)).toHaveValue('Encomenda');
    expect(field(/Li e aceito/)).toBeChecked();
    expect(screen.getByRole('button', { name: 'Enviar mensagem' })).toBeEnabled();
  });

  it('says in Portuguese how long to wait when the server refuses past its limit', async () => {
    action.mockResolvedValue({
      ok: false,
      error: { code: 'rate_limited', message: 'Errors.rateLimited', values: { minutes: 42 } },
    });
    render(<ContactForm />);
    fillValid();
    submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Demasiadas tentativas. Por favor, aguarde 42 minutos e tente novamente.');
    expect(field(/^Mensagem/)).toHaveValue('Gostaria de saber o prazo de entrega.');
  });

  it('shows the server field errors next to their fields', async () => {
    action.mockResolvedValue({
      ok: false,
      error: {
        code: 'bad_request',
        message: 'Errors.badRequest',
        fieldErrors: { phone: ['Contact.validation.phoneInvalid'] },
      },
    });
    render(<ContactForm />);
    fillValid();
    submit();
    expect(
      await screen.findByText('O número de telemóvel deve ter exatamente 9 dígitos'),
    ).toBeInTheDocument();
    expect(field('Telemóvel (opcional)')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Por favor, corrija os campos assinalados.')).toBeInTheDocument();
  });

  it('offers the subjects after a disabled placeholder and hides the honeypot', () => {
    render(<ContactForm />);
    const select = field(/^Assunto/) as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual([
      'Selecione o assunto',
      'Pedido de orçamento',
      'Informação sobre produto',
      'Encomenda',
      'Assistência / garantia',
      'Outro',
    ]);
    expect(select.options[0]).toBeDisabled();
    const honeypot = screen.getByLabelText('Não preencha este campo');
    expect(honeypot).toHaveAttribute('tabindex', '-1');
    expect(honeypot).toHaveAttribute('autocomplete', 'off');
    expect(honeypot.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(screen.getByRole('link', { name: 'política de privacidade' })).toHaveAttribute(
      'href',
      '/condicoes-gerais-de-venda',
    );
  });
});
