import type { Metadata } from 'next';
import { pageMetadata } from '@/lib/seo';
import Link from 'next/link';
import { Breadcrumbs } from '@/components/catalogue/breadcrumbs';
import {
  ArrowRight,
  BadgePercent,
  Building2,
  Calculator,
  CreditCard,
  FileText,
  HardHat,
  Palette,
  PencilRuler,
  Store,
  Truck,
  Warehouse,
  Wrench,
} from 'lucide-react';
import { IconCards, type IconCardItem } from '@/components/info-page/icon-cards';
import { InfoSection } from '@/components/info-page/info-section';
import { Button } from '@/components/ui/button';

const PAGE_PATH = '/pro';
const PAGE_NAME = 'Profissionais PRO';

export const metadata: Metadata = pageMetadata({
  title: 'Profissionais PRO | Casa das Águas de Gaia',
  description: 'Instaladores, empreiteiros, arquitetos e revendedores: preços líquidos, descontos por grupo, fichas técnicas, orçamentos de obra e entrega em obra.',
  path: PAGE_PATH,
});

const AUDIENCE: readonly IconCardItem[] = [
  {
    icon: Wrench,
    title: 'Instaladores',
    text: 'Canalizadores, técnicos de AQS e climatização, gás, piscinas e redes de incêndio.',
  },
  {
    icon: HardHat,
    title: 'Empreiteiros',
    text: 'Empresas de construção e reabilitação que precisam de material para várias obras em simultâneo.',
  },
  {
    icon: PencilRuler,
    title: 'Arquitetos e projetistas',
    text: 'Gabinetes de arquitetura e de engenharia que especificam equipamentos e soluções em projeto.',
  },
  {
    icon: Palette,
    title: 'Decoradores',
    text: 'Designers de interiores que escolhem loiças, torneiras e acabamentos para os seus clientes.',
  },
  {
    icon: Building2,
    title: 'Promotores',
    text: 'Promotores imobiliários com empreendimentos novos ou reabilitação de edifícios.',
  },
  {
    icon: Store,
    title: 'Revendedores',
    text: 'Lojas e casas de materiais que complementam a sua oferta com o nosso catálogo e stock.',
  },
];

const BENEFITS: readonly IconCardItem[] = [
  {
    icon: BadgePercent,
    title: 'Preços líquidos pessoais',
    text: 'Depois de iniciar sessão, vê em todo o catálogo o seu preço líquido, já com o desconto do seu grupo de desconto aplicado. Sem pedir tabela, sem esperar pela resposta.',
  },
  {
    icon: FileText,
    title: 'Fichas técnicas',
    text: 'Fichas técnicas, esquemas de ligação, manuais de instalação e declarações de desempenho, sempre que o fabricante as disponibiliza, prontas a juntar ao processo da obra.',
  },
  {
    icon: Calculator,
    title: 'Orçamentos para obra',
    text: 'Envie-nos o mapa de quantidades ou o projeto e preparamos um orçamento com condições específicas para a obra, incluindo alternativas equivalentes quando há ruturas ou prazos apertados.',
  },
  {
    icon: Warehouse,
    title: 'Balcão dedicado no armazém',
    text: 'Um balcão reservado a profissionais, com atendimento técnico e encomendas preparadas à sua espera: encomende online e levante a caminho da obra.',
  },
  {
    icon: Truck,
    title: 'Entrega em obra',
    text: 'Entregamos diretamente no estaleiro ou na morada da obra, com marcação de dia e indicação do responsável pela receção do material.',
  },
  {
    icon: CreditCard,
    title: 'Condições de pagamento',
    text: 'Pagamento a prazo e plafond de crédito, sujeitos a análise e aprovação. As condições são acordadas com cada cliente e indicadas na sua conta.',
  },
];

const STEPS: readonly { title: string; text: string }[] = [
  {
    title: 'Faça o pedido de acesso',
    text: 'Preencha o formulário com os dados da empresa ou da sua atividade: nome, NIF, morada, atividade exercida, contacto e a pessoa responsável.',
  },
  {
    title: 'Validamos os seus dados',
    text: 'A nossa equipa confirma a atividade profissional e define o seu perfil e os grupos de desconto. Se precisarmos de mais informação, contactamo-lo por telefone ou e-mail.',
  },
  {
    title: 'Receba o acesso',
    text: 'Quando o pedido for aprovado, recebe por e-mail as instruções para entrar na área profissional e as condições que lhe foram atribuídas.',
  },
  {
    title: 'Encomende com os seus preços',
    text: 'Inicie sessão e passe a ver os seus preços líquidos em todo o catálogo, a descarregar a documentação técnica e a encomendar para entrega ou levantamento.',
  },
];

const FAQ: readonly { q: string; a: string }[] = [
  {
    q: 'Preciso de ter uma empresa para ser cliente PRO?',
    a: 'Não. A área profissional está aberta a sociedades e a profissionais em nome individual, desde que tenham atividade aberta nas Finanças relacionada com a construção, instalação, projeto, decoração ou revenda.',
  },
  {
    q: 'Os preços profissionais incluem IVA?',
    a: 'Não. Os preços apresentados a clientes profissionais são preços líquidos, sem IVA. O IVA à taxa legal em vigor é acrescentado na fatura.',
  },
  {
    q: 'Como são calculados os descontos?',
    a: 'Cada produto pertence a um grupo de desconto (normalmente por marca e família de produtos). A sua conta tem uma percentagem de desconto para cada grupo, aplicada automaticamente sobre o preço de tabela.',
  },
  {
    q: 'Posso pagar a prazo?',
    a: 'Sim, mediante pedido e após análise e aprovação das condições de crédito. Até lá, as encomendas são pagas no momento da compra ou no levantamento.',
  },
  {
    q: 'Quanto custa aderir?',
    a: 'Nada. O registo na área profissional é gratuito e não obriga a volumes mínimos de compra.',
  },
];



function ProBadge({ className = '' }: { className?: string }) {
  return (
    <span
      className={`inline-flex items-center rounded-md bg-amber-500 px-2 py-0.5 font-extrabold tracking-wider text-slate-950 ${className}`}
    >
      PRO
    </span>
  );
}

function ApplyActions() {
  return (
    <div className="flex flex-wrap gap-3">
      <Button
        asChild
        size="lg"
        className="bg-amber-500 font-semibold text-slate-950 hover:bg-amber-600"
      >
        <Link href="/access-request">
          Pedir acesso profissional
          <ArrowRight aria-hidden="true" />
        </Link>
      </Button>
      <Button
        asChild
        size="lg"
        variant="outline"
        className="border-amber-500 bg-transparent text-current hover:bg-amber-500/10 hover:text-current"
      >
        <Link href="/contacto">Falar com a equipa</Link>
      </Button>
    </div>
  );
}

export default async function ProPage() {
  return (
    <>
      <div className="bg-slate-900 text-white">
        <div className="mx-auto max-w-4xl px-4 pb-14 pt-8 sm:pb-20">
          <Breadcrumbs items={[{ label: PAGE_NAME }]} />
          <p className="mt-10">
            <ProBadge className="text-sm" />
          </p>
          <h1 className="mt-4 text-4xl font-bold tracking-tight text-balance sm:text-5xl">
            A loja dos profissionais da <span className="text-amber-500">obra</span>
          </h1>
          <p className="mt-6 max-w-3xl text-lg leading-relaxed text-slate-200">
            Há mais de meio século que instaladores e empreiteiros se abastecem no nosso balcão. Com
            uma conta PRO tem os seus preços líquidos, a documentação técnica e os orçamentos de
            obra sempre à mão, online ou no armazém.
          </p>
          <div className="mt-8">
            <ApplyActions />
          </div>
        </div>
      </div>

      <div className="mx-auto max-w-4xl px-4">
        <InfoSection
          id="para-quem"
          title="Para quem é a área PRO"
          lead="Para todos os que compram material por conta da sua atividade profissional."
          className="py-12"
        >
          <IconCards items={AUDIENCE} layout="inline" accent="amber" className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" />
        </InfoSection>

        <InfoSection
          id="vantagens"
          title={
            <>
              O que ganha com uma conta <ProBadge className="align-middle text-xl" />
            </>
          }
          className="py-12"
        >
          <IconCards items={BENEFITS} layout="large" accent="amber" highlight className="mt-6 grid gap-6 sm:grid-cols-2" />
        </InfoSection>

        <InfoSection id="grupos-desconto" title="Como funcionam os grupos de desconto" className="py-12">
          <div className="mt-4 max-w-3xl space-y-4 leading-relaxed text-slate-700">
            <p>
              Todos os produtos do catálogo têm um preço de tabela e pertencem a um grupo de
              desconto, que reúne normalmente os artigos de uma marca ou de uma família de produtos.
              Cada cliente profissional tem uma percentagem de desconto própria para cada grupo,
              definida em função da sua atividade e do seu volume de compras.
            </p>
            <p>
              Com a sessão iniciada, o preço líquido é calculado automaticamente em todas as
              páginas, no carrinho e nos orçamentos. Os preços profissionais são apresentados sem
              IVA.
            </p>
          </div>
          <figure className="mt-6 max-w-md rounded-lg border border-slate-200 bg-white p-5">
            <figcaption className="text-sm font-semibold uppercase tracking-wide text-slate-600">
              Exemplo ilustrativo
            </figcaption>
            <dl className="mt-3 divide-y divide-slate-100 text-slate-700">
              <div className="flex justify-between gap-4 py-2">
                <dt>Preço de tabela</dt>
                <dd className="tabular-nums">100,00 €</dd>
              </div>
              <div className="flex justify-between gap-4 py-2">
                <dt>Desconto do grupo</dt>
                <dd className="tabular-nums">−35 %</dd>
              </div>
              <div className="flex justify-between gap-4 py-2 font-semibold text-slate-900">
                <dt>O seu preço líquido</dt>
                <dd className="tabular-nums">65,00 € + IVA</dd>
              </div>
            </dl>
          </figure>
        </InfoSection>

        <InfoSection id="como-aderir" title="Como aderir" className="py-12">
          <ol className="mt-6 space-y-6">
            {STEPS.map((s, i) => (
              <li key={s.title} className="flex gap-4">
                <span
                  aria-hidden="true"
                  className="flex size-9 shrink-0 items-center justify-center rounded-full bg-amber-500 font-bold text-slate-950"
                >
                  {i + 1}
                </span>
                <div>
                  <h3 className="text-lg font-semibold text-slate-900">{s.title}</h3>
                  <p className="mt-1 max-w-3xl leading-relaxed text-slate-700">{s.text}</p>
                </div>
              </li>
            ))}
          </ol>
          <p className="mt-6 max-w-3xl leading-relaxed text-slate-700">
            Tem uma obra a decorrer e precisa de preços hoje? Peça o acesso e{' '}
            <Link
              href="/contacto"
              className="font-medium text-sky-800 underline underline-offset-4 hover:text-sky-950"
            >
              contacte-nos
            </Link>{' '}
            com a referência da obra: fazemos o possível para acelerar a validação.
          </p>
        </InfoSection>

        <InfoSection id="perguntas" title="Perguntas frequentes" className="py-12">
          <dl className="mt-6 divide-y divide-slate-200 border-y border-slate-200">
            {FAQ.map((f) => (
              <div key={f.q} className="py-5">
                <dt className="font-semibold text-slate-900">{f.q}</dt>
                <dd className="mt-2 max-w-3xl leading-relaxed text-slate-700">{f.a}</dd>
              </div>
            ))}
          </dl>
        </InfoSection>
      </div>

      <section aria-labelledby="pedir-acesso" className="mt-4 bg-slate-900 text-white">
        <div className="mx-auto max-w-4xl border-l-4 border-amber-500 px-6 py-12 sm:px-8">
          <h2 id="pedir-acesso" className="text-2xl font-bold tracking-tight sm:text-3xl">
            Pronto para trabalhar com condições <span className="text-amber-500">PRO</span>?
          </h2>
          <p className="mt-4 max-w-3xl leading-relaxed text-slate-200">
            O pedido demora poucos minutos e é gratuito. Se preferir, passe pelo balcão do armazém
            ou fale connosco: teremos todo o gosto em conhecer o seu trabalho.
          </p>
          <div className="mt-8">
            <ApplyActions />
          </div>
        </div>
      </section>
    </>
  );
}
