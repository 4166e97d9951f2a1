import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { toast } from '@/components/ui/toast';
import {
  NewsletterBanner,
  NewsletterDialogTrigger,
  NewsletterFooterForm,
  NewsletterForm,
} from '@/components/newsletter';
import { subscribeNewsletterAction } from '@/server/newsletter/actions';
import { resolveServerTree } from '@/tests/helpers/server-components';

// next-intl is an ES module Jest does not load: the stand-ins read the real messages file.
jest.mock('next-intl', () => jest.requireActual('@/tests/helpers/next-intl').nextIntlMock());
jest.mock('next-intl/server', () => jest.requireActual('@/tests/helpers/next-intl').nextIntlServerMock());
jest.mock('@/server/newsletter/actions', () => ({ subscribeNewsletterAction: jest.fn() }));
jest.mock('@/components/ui/toast', () => ({ toast: { success: jest.fn(), error: jest.fn() } }));

const action = jest.mocked(subscribeNewsletterAction);

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

type ActionResult = Awaited<ReturnType<typeof subscribeNewsletterAction>>;
const OK: ActionResult = { ok: true, data: { message: 'Newsletter.api.success' } };

function form(variant: 'popup' | 'footer' | 'banner') {
  const el = document.querySelector<HTMLFormElement>(
    `[data-testid="newsletter-form"][data-variant="${variant}"]`,
  );
  if (!el) throw new Error(`Sem formulário ${variant}`);
  return within(el);
}

beforeEach(() => {
  action.mockReset();
  jest.mocked(toast.success).mockReset();
  jest.mocked(toast.error).mockReset();
});

describe('newsletter form', () => {
  it('shows "Por favor, introduza o seu email." for an empty e-mail and sends nothing', async () => {
    render(<NewsletterForm variant="banner" />);
    const f = form('banner');
    fireEvent.click(f.getByRole('button', { name: 'Subscrever' }));
    expect(await f.findByText('Por favor, introduza o seu email.')).toBeInTheDocument();
    const email = f.getByLabelText('Email');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email.getAttribute('aria-describedby')).toContain(
      f.getByText('Por favor, introduza o seu email.').id,
    );
    expect(action).not.toHaveBeenCalled();

    fireEvent.change(email, { target: { value: 'sem-arroba' } });
    fireEvent.click(f.getByRole('button', { name: 'Subscrever' }));
    expect(await f.findByText('Por favor, introduza um email válido.')).toBeInTheDocument();
    expect(action).not.toHaveBeenCalled();
  });

  it('disables the fields and reads "A processar..." while submitting, then resets and thanks (banner)', async () => {
    const pending = deferred<ActionResult>();
    action.mockReturnValue(pending.promise);
    render(<NewsletterForm variant="banner" />);
    const f = form('banner');
    fireEvent.change(f.getByLabelText('Email'), { target: { value: ' ana@example.pt ' } });
    fireEvent.change(f.getByLabelText('Tipo de cliente'), { target: { value: 'Instalador' } });
    fireEvent.click(f.getByRole('button', { name: 'Subscrever' }));

    const busy = await f.findByRole('button', { name: 'A processar...' });
    expect(busy).toBeDisabled();
    expect(f.getByLabelText('Email')).toBeDisabled();
    expect(f.getByLabelText('Tipo de cliente')).toBeDisabled();
    expect(action).toHaveBeenCalledWith({
      email: 'ana@example.pt',
      mmerge4: 'Instalador',
      honeypot: '',
      source: 'banner',
    });

    await act(async () => pending.resolve(OK));
    const success = await f.findByText('Subscrição realizada com sucesso! Obrigado.');
    expect(success.closest('[role="status"]')).toHaveClass('text-green-700');
    expect(f.getByLabelText('Email')).toHaveValue('');
    expect(f.getByLabelText('Tipo de cliente')).toHaveValue('');
    expect(f.getByRole('button', { name: 'Subscrever' })).toBeEnabled();
    expect(toast.success).toHaveBeenCalledWith('Subscrição realizada com sucesso!', {
      description: 'Obrigado pelo seu interesse. Irá receber as nossas atualizações em breve.',
    });
  });

  it('popup: the Newsletter button opens a dialog whose form shows the green success text', async () => {
    action.mockResolvedValue(OK);
    render(<NewsletterDialogTrigger className="extra" />);
    const trigger = screen.getByRole('button', { name: 'Newsletter' });
    expect(trigger).toHaveClass('extra');
    fireEvent.click(trigger);
    const dialog = await screen.findByRole('dialog', { name: 'Subscreva a nossa newsletter' });
    const f = form('popup');
    expect(dialog).toContainElement(
      document.querySelector('[data-variant="popup"]') as HTMLElement,
    );
    fireEvent.change(f.getByLabelText('Email'), { target: { value: 'rui@example.pt' } });
    fireEvent.click(f.getByRole('button', { name: 'Subscrever' }));
    expect(await f.findByText('Subscrição realizada com sucesso! Obrigado.')).toBeInTheDocument();
    expect(action).toHaveBeenCalledWith(
      expect.objectContaining({ email: 'rui@example.pt', mmerge4: undefined, source: 'popup' }),
    );
  });

  it('popup: the dialog loads on first open, takes focus, and Escape gives it back to the button', async () => {
    render(<NewsletterDialogTrigger />);
    const trigger = screen.getByRole('button', { name: 'Newsletter' });
    expect(trigger).toHaveAttribute('aria-haspopup', 'dialog');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    act(() => trigger.focus());
    fireEvent.click(trigger);
    const dialog = await screen.findByRole('dialog', { name: 'Subscreva a nossa newsletter' });
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    expect(trigger).toHaveAttribute('aria-controls', dialog.id);
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(trigger).toHaveFocus());
  });

  it('footer: success only resets the form (no inline text)', async () => {
    action.mockResolvedValue(OK);
    render(<NewsletterForm variant="footer" />);
    const f = form('footer');
    fireEvent.change(f.getByLabelText('Email'), { target: { value: 'marta@example.pt' } });
    fireEvent.click(f.getByRole('button', { name: 'Subscrever' }));
    await waitFor(() => expect(f.getByLabelText('Email')).toHaveValue(''));
    expect(f.getByRole('button', { name: 'Subscrever' })).toBeEnabled();
    expect(
      screen.queryByText('Subscrição realizada com sucesso! Obrigado.'),
    ).not.toBeInTheDocument();
    expect(action).toHaveBeenCalledWith(expect.objectContaining({ source: 'footer' }));
  });

  it.each(['failure answer', 'network error'] as const)(
    'shows the red error texts and keeps the input on %s',
    async (kind) => {
      if (kind === 'failure answer')
        action.mockResolvedValue({
          ok: false,
          error: { code: 'unavailable', message: 'Newsletter.api.unavailable' },
        });
      else action.mockRejectedValue(new Error('offline'));
      render(<NewsletterForm variant="banner" />);
      const f = form('banner');
      fireEvent.change(f.getByLabelText('Email'), { target: { value: 'ana@example.pt' } });
      fireEvent.click(f.getByRole('button', { name: 'Subscrever' }));
      const title = await f.findByText('Ocorreu um erro ao processar o seu pedido.');
      expect(f.getByText('Por favor, tente novamente mais tarde.')).toBeInTheDocument();
      expect(title.closest('[role="alert"]')).toHaveClass('text-red-600');
      expect(f.getByLabelText('Email')).toHaveValue('ana@example.pt');
      expect(f.getByRole('button', { name: 'Subscrever' })).toBeEnabled();
    },
  );

  it('says in Portuguese how long to wait when the server refuses past its limit', async () => {
    action.mockResolvedValue({
      ok: false,
      error: { code: 'rate_limited', message: 'Errors.rateLimitedOneMinute', values: { minutes: 1 } },
    });
    render(<NewsletterForm variant="banner" />);
    const f = form('banner');
    fireEvent.change(f.getByLabelText('Email'), { target: { value: 'ana@example.pt' } });
    fireEvent.click(f.getByRole('button', { name: 'Subscrever' }));
    expect(await f.findByText('Demasiadas tentativas. Por favor, aguarde 1 minuto e tente novamente.')).toBeInTheDocument();
    expect(toast.error).toHaveBeenCalledWith(expect.any(String), { description: 'Demasiadas tentativas. Por favor, aguarde 1 minuto e tente novamente.' });
  });

  it('offers the customer types after a disabled placeholder, a hidden honeypot and the privacy notice', async () => {
    // The form as the server renders it (the interactive one shares its markup).
    render(await resolveServerTree(<NewsletterFooterForm />));
    const f = form('footer');
    const select = f.getByLabelText('Tipo de cliente') as HTMLSelectElement;
    const options = [...select.options];
    expect(options.map((o) => o.textContent)).toEqual([
      'Tipo de cliente (opcional)',
      'Arquiteto',
      'Decorador',
      'Empreiteiro',
      'Instalador',
      'Promotor',
      'Revendedor',
      'Outro',
    ]);
    expect(options[0]).toBeDisabled();
    expect(select.value).toBe('');

    const honeypot = document.querySelector<HTMLInputElement>('input[name="website"]');
    expect(honeypot).toHaveAttribute('tabindex', '-1');
    expect(honeypot).toHaveAttribute('autocomplete', 'off');
    expect(honeypot?.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(f.queryByRole('textbox', { name: /não preencha/i })).not.toBeInTheDocument();

    expect(f.getByRole('link', { name: 'política de privacidade' })).toHaveAttribute(
      'href',
      '/condicoes-gerais-de-venda',
    );
    expect(f.getByText(/Pode cancelar a subscrição a qualquer momento\./)).toBeInTheDocument();
  });

  it('sends what a bot typed in the honeypot, for the server to judge', async () => {
    action.mockResolvedValue(OK);
    render(<NewsletterForm variant="banner" />);
    const f = form('banner');
    fireEvent.change(f.getByLabelText('Email'), { target: { value: 'bot@example.pt' } });
    fireEvent.change(document.querySelector('input[name="website"]')!, {
      target: { value: 'spam' },
    });
    fireEvent.click(f.getByRole('button', { name: 'Subscrever' }));
    await waitFor(() =>
      expect(action).toHaveBeenCalledWith(expect.objectContaining({ honeypot: 'spam' })),
    );
  });
});

describe('newsletter form rendered on the server (footer, home banner)', () => {
  it('is a plain form under its heading until it is used', async () => {
    render(await resolveServerTree(<NewsletterBanner />));
    expect(screen.getByRole('heading', { name: 'Mantenha-se Atualizado' })).toBeInTheDocument();
    const f = form('banner');
    expect(f.getByLabelText('Email')).toHaveAttribute('name', 'email');
    expect(f.getByRole('button', { name: 'Subscrever' })).toBeEnabled();
    expect((f.getByLabelText('Tipo de cliente') as HTMLSelectElement).value).toBe('');
    expect(action).not.toHaveBeenCalled();
  });

  it('becomes the interactive form on focus, keeping what was typed and the focus', async () => {
    action.mockResolvedValue(OK);
    render(await resolveServerTree(<NewsletterFooterForm />));
    const plain = document.querySelector('[data-variant="footer"]');
    const email = form('footer').getByLabelText('Email') as HTMLInputElement;
    act(() => email.focus());
    fireEvent.change(email, { target: { value: 'marta@example.pt' } });
    // The interactive form takes the plain one's place.
    await waitFor(() => expect(document.querySelector('[data-variant="footer"]')).not.toBe(plain));
    const f = form('footer');
    expect(f.getByLabelText('Email')).toHaveValue('marta@example.pt');
    expect(f.getByLabelText('Email')).toHaveFocus();
    expect(f.getByLabelText('Email').id).toBe(email.id);
    fireEvent.click(f.getByRole('button', { name: 'Subscrever' }));
    await waitFor(() => expect(f.getByLabelText('Email')).toHaveValue(''));
    expect(action).toHaveBeenCalledWith(expect.objectContaining({ email: 'marta@example.pt', source: 'footer' }));
  });

  it('answers a submit that comes before its code once the code is there', async () => {
    render(await resolveServerTree(<NewsletterBanner />));
    fireEvent.submit(document.querySelector('[data-variant="banner"]')!);
    // Looked up again each time: the interactive form replaces the plain one.
    await waitFor(() => expect(form('banner').getByText('Por favor, introduza o seu email.')).toBeInTheDocument());
    expect(form('banner').getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(action).not.toHaveBeenCalled();
  });
});
