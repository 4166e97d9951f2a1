import { act, render, screen } from '@testing-library/react';
import { toast } from '@/components/ui/toast';
import { ToasterSlot } from '@/components/ui/toaster-slot';

const region = () => document.querySelector('section[aria-label^="Notificações"]');

describe('toasts (sonner loaded with the first toast)', () => {
  it('shows nothing of sonner until a toast, then the toast asked for before the Toaster mounted', async () => {
    render(<ToasterSlot />);
    expect(region()).toBeNull();
    act(() => toast.success('Perfil atualizado.', { description: 'As alterações foram guardadas.' }));
    expect(await screen.findByText('Perfil atualizado.')).toBeInTheDocument();
    expect(screen.getByText('As alterações foram guardadas.')).toBeInTheDocument();
    expect(region()).toHaveAttribute('aria-live', 'polite');
    act(() => toast.error('Não foi possível guardar.'));
    expect(await screen.findByText('Não foi possível guardar.')).toBeInTheDocument();
  });
});
