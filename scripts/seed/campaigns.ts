/** Demo marketing campaigns (fixed dates, no clock involved). */
import 'server-only';
export interface CampaignDef {
  slug: string;
  title: string;
  description: string;
  category: string;
  startsAt: string;
  endsAt: string;
  active: boolean;
  featured: boolean;
  familyCodes: readonly string[];
  theme: string;
}

export const CAMPAIGN_DEFS: readonly CampaignDef[] = [
  {
    slug: 'campanha-de-outono-aquecimento',
    title: 'Campanha de Outono: Aquecimento',
    description:
      'Prepare a casa para o frio com condições especiais em esquentadores, caldeiras, termoacumuladores, radiadores e toalheiros. Instalação por técnico credenciado e garantia alargada nos equipamentos selecionados.',
    category: 'Aquecimento',
    startsAt: '2026-09-01',
    endsAt: '2027-03-31',
    active: true,
    featured: true,
    familyCodes: ['110-010', '110-020', '110-040', '110-050', '110-080', '110-110'],
    theme: '#C2410C',
  },
  {
    slug: 'renove-a-sua-casa-de-banho',
    title: 'Renove a sua Casa de Banho',
    description:
      'Louça sanitária, torneiras, bases de duche, resguardos e móveis com descontos até 25%. Tudo o que precisa para transformar a sua casa de banho, com entrega rápida a partir do nosso armazém.',
    category: 'Casa de Banho',
    startsAt: '2026-06-01',
    endsAt: '2027-05-31',
    active: true,
    featured: true,
    familyCodes: ['10-010', '10-020', '10-030', '10-060', '10-080', '10-090', '90-040'],
    theme: '#0E7490',
  },
  {
    slug: 'piscina-pronta-para-o-verao',
    title: 'Piscina Pronta para o Verão',
    description:
      'Antecipe a época balnear: bombas, filtros de areia, cloro e tratamento, robôs de limpeza e equipamento exterior com preços de pré-temporada. Encomende já e receba a tempo do primeiro mergulho.',
    category: 'Piscinas',
    startsAt: '2026-10-01',
    endsAt: '2027-06-30',
    active: true,
    featured: true,
    familyCodes: ['200-010', '200-020', '200-030', '200-040', '200-060', '200-100'],
    theme: '#0284C7',
  },
  {
    slug: 'semana-da-canalizacao-profissional',
    title: 'Semana da Canalização Profissional',
    description:
      'Condições exclusivas para instaladores em tubo multicamada, acessórios press, PPR, válvulas de esfera e flexíveis. Preços por quantidade e entrega em obra em todo o Grande Porto.',
    category: 'Canalização',
    startsAt: '2026-09-15',
    endsAt: '2027-02-28',
    active: true,
    featured: false,
    familyCodes: ['40-010', '40-020', '40-040', '40-050', '40-080', '40-090'],
    theme: '#1D4ED8',
  },
  {
    slug: 'combate-a-incendio-verifique-os-seus-extintores',
    title: 'Combate a Incêndio: Verifique os seus Extintores',
    description:
      'Está na altura da inspeção anual? Renove extintores, carretéis, sinalética e iluminação de emergência com equipamento certificado e documentação para o dossiê de segurança do edifício.',
    category: 'Segurança',
    startsAt: '2026-09-01',
    endsAt: '2027-01-31',
    active: true,
    featured: true,
    familyCodes: ['150-010', '150-020', '150-040', '150-050', '150-070'],
    theme: '#B91C1C',
  },
  {
    slug: 'rega-inteligente-poupe-agua',
    title: 'Rega Inteligente: Poupe Água no Jardim',
    description:
      'Programadores Wi-Fi, sensores de chuva, rega gota-a-gota e eletroválvulas para regar apenas o necessário. Peça o seu estudo de rega gratuito.',
    category: 'Rega e Jardim',
    startsAt: '2026-08-01',
    endsAt: '2027-04-30',
    active: true,
    featured: false,
    familyCodes: ['50-010', '50-020', '50-040', '50-070'],
    theme: '#15803D',
  },
  {
    slug: 'ar-interior-saudavel-ventilacao',
    title: 'Ar Interior Saudável: Ventilação e Exaustão',
    description:
      'Extratores, ventiladores de conduta e unidades VMC com recuperação de calor para acabar com a humidade e os bolores. Campanha terminada.',
    category: 'Ventilação',
    startsAt: '2025-10-01',
    endsAt: '2026-01-31',
    active: false,
    featured: false,
    familyCodes: ['100-010', '100-020', '100-070'],
    theme: '#475569',
  },
  {
    slug: 'liquidacao-de-verao-2025-bombagem',
    title: 'Liquidação de Verão 2025: Bombagem',
    description:
      'Bombas submersíveis, grupos de pressão e bombas de superfície com preços de liquidação. Campanha terminada.',
    category: 'Bombagem',
    startsAt: '2025-06-01',
    endsAt: '2025-08-31',
    active: false,
    featured: false,
    familyCodes: ['140-010', '140-020', '140-030'],
    theme: '#7C3AED',
  },
];
