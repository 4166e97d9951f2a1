import type { Metadata } from 'next';
import { pageMetadata } from '@/lib/seo';
import Link from 'next/link';
import { Breadcrumbs } from '@/components/catalogue/breadcrumbs';
import {
  ArrowRight,
  ChevronRight,
  Lightbulb,
  ShowerHead,
  Truck,
  Warehouse,
} from 'lucide-react';
import { IconCards, type IconCardItem } from '@/components/info-page/icon-cards';
import { InfoSection } from '@/components/info-page/info-section';
import { Button } from '@/components/ui/button';
import { CHAPTERS, chapterSlug } from '@/lib/catalogue/chapters';

const PAGE_PATH = '/sobre';
const PAGE_NAME = 'Sobre nós';
const FOUNDED_YEAR = 1967;
const TEAM_SIZE = 15;

export const metadata: Metadata = pageMetadata({
  title: 'Sobre nós | Casa das Águas de Gaia',
  description: 'Empresa familiar de Vila Nova de Gaia desde 1967: canalização, banho, climatização, piscinas e incêndio, com showroom, armazém e balcão profissional.',
  path: PAGE_PATH,
});

interface Milestone {
  year: string;
  title: string;
  text: string;
}

const MILESTONES: readonly Milestone[] = [
  {
    year: '1967',
    title: 'Uma porta aberta em Gaia',
    text: 'O fundador, canalizador de profissão, abre uma pequena loja de material de canalização a poucos passos do rio. Tubo galvanizado, acessórios, torneiras e loiça sanitária, vendidos ao balcão a quem construía e reparava as casas da cidade.',
  },
  {
    year: '1979',
    title: 'Primeiro armazém',
    text: 'Com a chegada do gás canalizado e do aquecimento central às novas urbanizações, a loja fica pequena. Abre-se o primeiro armazém e começam as entregas diretamente em obra, numa carrinha que ainda hoje é lembrada pelos clientes mais antigos.',
  },
  {
    year: '1994',
    title: 'A segunda geração',
    text: 'Os filhos do fundador juntam-se à casa, um vindo da engenharia mecânica e outro da gestão. A oferta alarga-se a bombagem, drenagem, ventilação e esgotos de edifícios, e o aconselhamento técnico passa a ser parte do serviço.',
  },
  {
    year: '2001',
    title: 'Showroom de banho e cozinha',
    text: 'Inaugura-se o showroom, onde particulares, arquitetos e decoradores podem ver, tocar e comparar loiças, bases de duche, torneiras, móveis de casa de banho e soluções para cozinha e lavandaria.',
  },
  {
    year: '2009',
    title: 'Novo armazém e balcão profissional',
    text: 'A mudança para um armazém maior permite ter mais referências em stock e criar um balcão dedicado a instaladores e empreiteiros, pensado para levantar material depressa, a caminho da obra.',
  },
  {
    year: '2015',
    title: 'Energias renováveis, piscinas e incêndio',
    text: 'Bombas de calor, solar térmico, aspiração central, equipamento de piscinas e de combate a incêndio entram definitivamente no catálogo, acompanhando as novas exigências de eficiência e de segurança dos edifícios.',
  },
  {
    year: 'Hoje',
    title: 'A loja também está online',
    text: 'O catálogo completo passa a estar disponível na internet, com preços para particulares e uma área reservada para profissionais. A equipa, o stock e o conselho de sempre continuam em Vila Nova de Gaia.',
  },
];

const SERVICES: readonly IconCardItem[] = [
  {
    icon: ShowerHead,
    title: 'Showroom',
    text: 'Um espaço para ver ao vivo salas de banho completas, torneiras, bases de duche, móveis e soluções de cozinha. Traga as medidas e as plantas: ajudamos a escolher e a compatibilizar tudo antes da compra.',
  },
  {
    icon: Warehouse,
    title: 'Armazém',
    text: 'Um stock alargado para entrega rápida, da tubagem e acessórios às caldeiras e bombas. O balcão do armazém atende profissionais e particulares, com levantamento de encomendas feitas online.',
  },
  {
    icon: Lightbulb,
    title: 'Aconselhamento técnico',
    text: 'Dimensionamento de bombas e grupos de pressão, escolha de equipamentos de AQS, drenagem, ventilação ou piscinas: a nossa equipa conhece os produtos e a regulamentação e ajuda a encontrar a solução certa para cada obra.',
  },
  {
    icon: Truck,
    title: 'Entregas',
    text: 'Entregamos em casa ou diretamente em obra, com frota própria na região do Grande Porto e por transportadora em todo o país. Portes grátis em Portugal continental a partir de 350 €.',
  },
];

const TAGLINE_WORDS: readonly { word: string; text: string }[] = [
  {
    word: 'reforme.',
    text: 'Trocar uma torneira, renovar a casa de banho ou substituir a caldeira: tudo o que é preciso para melhorar o que já existe.',
  },
  {
    word: 'decore.',
    text: 'Loiças, acabamentos e acessórios escolhidos com gosto, para espaços que são bonitos e funcionam bem durante muitos anos.',
  },
  {
    word: 'crie.',
    text: 'Das redes de águas e esgotos à climatização e à piscina, o material e o apoio técnico para construir de raiz.',
  },
];



export default async function SobrePage() {
  const yearsActive = new Date().getFullYear() - FOUNDED_YEAR;
  const figures: readonly { value: string; label: string }[] = [
    { value: String(FOUNDED_YEAR), label: 'ano de fundação, em Vila Nova de Gaia' },
    { value: `${yearsActive}`, label: 'anos ao serviço de quem constrói e reabilita' },
    { value: String(TEAM_SIZE), label: 'pessoas na equipa, entre loja, showroom e armazém' },
    { value: String(CHAPTERS.length), label: 'áreas de produto, do banho ao combate a incêndio' },
    { value: '2', label: 'gerações da mesma família à frente da casa' },
  ];

  return (
    <>
      <div className="bg-gradient-to-b from-sky-50 to-white">
        <div className="mx-auto max-w-4xl px-4 pb-12 pt-8 sm:pb-16">
          <Breadcrumbs items={[{ label: PAGE_NAME }]} />
          <h1 className="mt-8 text-4xl font-bold tracking-tight text-slate-900 text-balance sm:text-5xl">
            Sobre nós
          </h1>
          <p className="mt-6 text-3xl font-light tracking-tight text-sky-800 sm:text-4xl">
            reforme. decore. crie.
          </p>
          <p className="mt-6 max-w-3xl text-lg leading-relaxed text-slate-700">
            Somos uma empresa familiar de Vila Nova de Gaia que, desde {FOUNDED_YEAR}, fornece
            material de canalização, salas de banho, aquecimento e climatização, piscinas e combate
            a incêndio a particulares e profissionais. Uma equipa de {TEAM_SIZE} pessoas, um
            showroom, um armazém e a mesma vontade de sempre: que cada obra corra bem.
          </p>
        </div>
      </div>

      <div className="mx-auto max-w-4xl px-4">
        <section aria-labelledby="numeros" className="py-8">
          <h2 id="numeros" className="sr-only">
            Em números
          </h2>
          <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5">
            {figures.map((f) => (
              <div
                key={f.label}
                className="flex flex-col rounded-lg border border-slate-200 bg-white p-4 shadow-xs"
              >
                <dt className="order-2 mt-1 text-sm leading-snug text-slate-600">{f.label}</dt>
                <dd className="order-1 text-3xl font-bold text-sky-800">{f.value}</dd>
              </div>
            ))}
          </dl>
        </section>

        <InfoSection id="historia" title="A nossa história" className="py-10">
          <div className="mt-4 max-w-3xl space-y-4 text-base leading-relaxed text-slate-700">
            <p>
              Tudo começou em {FOUNDED_YEAR}, numa loja com pouco mais de uma montra e um balcão de
              madeira. O fundador tinha passado anos a instalar canalizações nas obras da cidade e
              sabia o que faltava a quem trabalhava: encontrar o material certo, à hora certa, e
              alguém que percebesse do assunto do outro lado do balcão.
            </p>
            <p>
              Mais de meio século depois, a casa cresceu, mas a ideia é a mesma. A segunda geração
              da família modernizou a empresa, abriu o showroom e o novo armazém, e criou um balcão
              só para profissionais. Muitos dos instaladores que hoje nos visitam são filhos e netos
              de clientes dos primeiros anos.
            </p>
          </div>
          <ol className="mt-8 space-y-0 border-l-2 border-sky-200">
            {MILESTONES.map((m) => (
              <li key={m.year} className="relative pb-8 pl-6 last:pb-0">
                <span
                  aria-hidden="true"
                  className="absolute -left-[7px] top-1.5 size-3 rounded-full border-2 border-white bg-sky-700"
                />
                <h3 className="text-lg font-semibold text-slate-900">
                  <span className="mr-2 font-bold text-sky-800">{m.year}</span>
                  <span className="sr-only"> — </span>
                  {m.title}
                </h3>
                <p className="mt-1 max-w-3xl leading-relaxed text-slate-700">{m.text}</p>
              </li>
            ))}
          </ol>
        </InfoSection>

        <InfoSection
          id="lema"
          title="O nosso lema"
          lead="Três palavras que resumem aquilo que os nossos clientes vêm fazer connosco, seja uma pequena reparação ou um edifício inteiro."
          className="py-10"
        >
          <ul className="mt-6 grid gap-4 sm:grid-cols-3">
            {TAGLINE_WORDS.map((t) => (
              <li key={t.word} className="rounded-lg bg-sky-900 p-6 text-white">
                <p className="text-2xl font-semibold text-cyan-100">{t.word}</p>
                <p className="mt-2 leading-relaxed text-sky-50">{t.text}</p>
              </li>
            ))}
          </ul>
        </InfoSection>

        <InfoSection
          id="oferta"
          title="O que vendemos"
          lead={`O nosso catálogo está organizado em ${CHAPTERS.length} áreas de produto, com as principais marcas do mercado e alternativas para cada orçamento. Escolha uma área para ver os produtos.`}
          className="py-10"
        >
          <ul className="mt-6 grid gap-2 sm:grid-cols-2">
            {CHAPTERS.map((c) => {
              const slug = chapterSlug(c.code);
              return (
                <li key={c.code}>
                  <Link
                    href={slug ? `/produtos/${slug}` : '/produtos'}
                    className="group flex items-center justify-between gap-3 rounded-md border border-slate-200 bg-white px-4 py-3 text-slate-800 transition-colors hover:border-sky-300 hover:bg-sky-50"
                  >
                    <span>{c.title.replace(/-/g, ', ')}</span>
                    <ChevronRight
                      aria-hidden="true"
                      className="size-4 shrink-0 text-slate-400 group-hover:text-sky-700"
                    />
                  </Link>
                </li>
              );
            })}
          </ul>
        </InfoSection>

        <InfoSection id="servicos" title="Como trabalhamos" className="py-10">
          <IconCards items={SERVICES} layout="large" accent="sky" className="mt-6 grid gap-6 sm:grid-cols-2" />
        </InfoSection>

        <InfoSection
          id="proximos-passos"
          title="Vamos trabalhar juntos?"
          lead="Explore o catálogo, fale connosco para um conselho ou um orçamento, ou, se é instalador, empreiteiro ou gabinete de projeto, conheça as condições da área profissional."
          className="py-10"
        >
          <div className="mt-6 flex flex-wrap gap-3">
            <Button asChild size="lg">
              <Link href="/produtos">
                Ver produtos
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link href="/contacto">Contacte-nos</Link>
            </Button>
            <Button
              asChild
              size="lg"
              variant="outline"
              className="border-amber-500 hover:bg-amber-50"
            >
              <Link href="/pro">
                <span className="font-bold text-amber-700">PRO</span> Área profissional
              </Link>
            </Button>
          </div>
        </InfoSection>
      </div>
    </>
  );
}
