import type { Metadata } from 'next';
import { pageMetadata } from '@/lib/seo';
import Link from 'next/link';
import { Breadcrumbs } from '@/components/catalogue/breadcrumbs';

const PAGE_PATH = '/condicoes-gerais-de-venda';
const PAGE_NAME = 'Condições gerais de venda';

/**
 * Seller identification. These are EXAMPLE values: replace them with the company's legal data
 * (the NIF below is a placeholder and is shown on the page as such).
 */
const SELLER = {
  name: 'Casa das Águas de Gaia, Lda.',
  address: 'Rua do Agro, 245, 4400-012 Vila Nova de Gaia',
  nif: 'PT 500 000 000',
  nifIsExample: true,
} as const;

const VAT_RATE_PERCENT = 23;
const FREE_SHIPPING_FROM = '350 €';
const SHIPPING_FEE = '7 €';
const WITHDRAWAL_DAYS = 14;
const LAST_UPDATED = '21 de novembro de 2026';

export const metadata: Metadata = pageMetadata({
  title: 'Condições gerais de venda | Casa das Águas de Gaia',
  description: 'Condições gerais de venda: preços e IVA, encomendas, pagamento, entregas e portes, livre resolução em 14 dias, garantias, dados pessoais e reclamações.',
  path: PAGE_PATH,
});

const SECTIONS = [
  { id: 'identificacao', title: 'Identificação do vendedor' },
  { id: 'ambito', title: 'Âmbito e definições' },
  { id: 'precos', title: 'Preços' },
  { id: 'encomendas', title: 'Encomendas e aceitação' },
  { id: 'pagamento', title: 'Pagamento' },
  { id: 'entrega', title: 'Entrega e portes' },
  { id: 'livre-resolucao', title: 'Direito de livre resolução' },
  { id: 'garantias', title: 'Garantias' },
  { id: 'dados-pessoais', title: 'Dados pessoais' },
  { id: 'livro-reclamacoes', title: 'Livro de Reclamações' },
  { id: 'resolucao-litigios', title: 'Resolução alternativa de litígios' },
  { id: 'lei-aplicavel', title: 'Lei aplicável e alterações' },
] as const;

type SectionId = (typeof SECTIONS)[number]['id'];

const linkClass = 'font-medium text-sky-800 underline underline-offset-4 hover:text-sky-950';
const pClass = 'mt-4 leading-relaxed text-slate-700';
const ulClass =
  'mt-4 list-disc space-y-2 pl-6 leading-relaxed text-slate-700 marker:text-slate-400';

function ExternalLink({ href, children }: { href: string; children: React.ReactNode }) {
  return (
    <a href={href} className={linkClass} rel="noopener noreferrer" target="_blank">
      {children}
    </a>
  );
}

function Section({ id, children }: { id: SectionId; children: React.ReactNode }) {
  const index = SECTIONS.findIndex((s) => s.id === id);
  const title = SECTIONS[index]?.title ?? '';
  const headingId = `${id}-titulo`;
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className="scroll-mt-24 border-t border-slate-200 pt-10"
    >
      <h2 id={headingId} className="text-2xl font-bold tracking-tight text-slate-900">
        <span className="text-sky-800">{index + 1}.</span> {title}
      </h2>
      {children}
    </section>
  );
}



export default async function CondicoesGeraisDeVendaPage() {
  return (
    <>
      <div className="mx-auto max-w-3xl px-4 pb-16 pt-8">
        <Breadcrumbs items={[{ label: PAGE_NAME }]} />
        <h1 className="mt-8 text-4xl font-bold tracking-tight text-slate-900 text-balance sm:text-5xl">
          Condições gerais de venda
        </h1>
        <p className="mt-6 text-lg leading-relaxed text-slate-700">
          Estas condições regulam as vendas feitas pela {SELLER.name} através desta loja online, por
          telefone ou e-mail, e ao balcão da loja e do armazém, a particulares e a profissionais.
          Leia-as com atenção antes de encomendar.
        </p>
        <p className="mt-2 text-sm text-slate-600">Última atualização: {LAST_UPDATED}.</p>

        <nav
          aria-labelledby="indice"
          className="mt-10 rounded-lg border border-slate-200 bg-slate-50 p-6"
        >
          <h2 id="indice" className="text-lg font-semibold text-slate-900">
            Índice
          </h2>
          <ol className="mt-4 grid list-decimal gap-x-8 gap-y-2 pl-6 text-slate-700 marker:text-slate-500 sm:grid-cols-2">
            {SECTIONS.map((s) => (
              <li key={s.id}>
                <a
                  href={`#${s.id}`}
                  className="text-sky-800 underline-offset-4 hover:text-sky-950 hover:underline"
                >
                  {s.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>

        <div className="mt-12 space-y-12">
          <Section id="identificacao">
            <p className={pClass}>O vendedor e responsável por esta loja online é:</p>
            <dl className="mt-4 grid gap-x-6 gap-y-2 rounded-lg border border-slate-200 p-5 text-slate-700 sm:grid-cols-[auto_1fr]">
              <dt className="font-semibold text-slate-900">Denominação</dt>
              <dd>{SELLER.name}</dd>
              <dt className="font-semibold text-slate-900">Sede</dt>
              <dd>{SELLER.address}</dd>
              <dt className="font-semibold text-slate-900">NIF</dt>
              <dd>
                {SELLER.nif}
                {SELLER.nifIsExample && (
                  <>
                    {' '}
                    <span className="ml-1 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold uppercase tracking-wide text-amber-900">
                      exemplo
                    </span>
                  </>
                )}
              </dd>
              <dt className="font-semibold text-slate-900">Contactos</dt>
              <dd>
                Telefones, e-mail e horários na página de{' '}
                <Link href="/contacto" className={linkClass}>
                  contacto
                </Link>
                .
              </dd>
            </dl>
            {SELLER.nifIsExample && (
              <p className="mt-3 text-sm text-slate-600">
                O número de identificação fiscal apresentado é um exemplo e não corresponde a uma
                entidade real.
              </p>
            )}
          </Section>

          <Section id="ambito">
            <p className={pClass}>Para efeitos destas condições:</p>
            <dl className="mt-4 space-y-3 leading-relaxed text-slate-700">
              <div>
                <dt className="font-semibold text-slate-900">Consumidor ou cliente particular</dt>
                <dd>quem compra bens destinados a uso não profissional.</dd>
              </div>
              <div>
                <dt className="font-semibold text-slate-900">Cliente profissional</dt>
                <dd>
                  a empresa ou o profissional que compra no âmbito da sua atividade (instaladores,
                  empreiteiros, gabinetes de projeto, decoradores, promotores e revendedores), com
                  conta{' '}
                  <Link href="/pro" className={linkClass}>
                    PRO
                  </Link>{' '}
                  aprovada ou identificado com o seu NIF de empresa.
                </dd>
              </div>
            </dl>
            <p className={pClass}>
              As disposições de proteção do consumidor aplicam-se apenas a consumidores. As
              condições particulares acordadas por escrito com um cliente profissional (orçamentos,
              condições de pagamento ou de entrega) prevalecem sobre estas condições gerais.
            </p>
            <p className={pClass}>
              As fotografias dos produtos são ilustrativas. As características técnicas, dimensões e
              acabamentos são os indicados pelos fabricantes; em caso de dúvida, consulte a ficha
              técnica ou fale connosco antes de encomendar.
            </p>
          </Section>

          <Section id="precos">
            <ul className={ulClass}>
              <li>Todos os preços são indicados em euros (EUR).</li>
              <li>
                Para clientes particulares, os preços incluem IVA à taxa legal em vigor (
                {VAT_RATE_PERCENT} % em Portugal continental).
              </li>
              <li>
                Para clientes profissionais com sessão iniciada, são apresentados preços líquidos,
                com os descontos do cliente aplicados e sem IVA, que é acrescido na fatura à taxa
                legal em vigor.
              </li>
              <li>
                Os portes de envio não estão incluídos no preço dos artigos e são sempre
                apresentados antes da confirmação da encomenda.
              </li>
              <li>
                Vale o preço em vigor no momento da encomenda. Os preços de campanhas e promoções
                são válidos durante o período indicado ou enquanto houver stock.
              </li>
              <li>
                Em caso de erro manifesto no preço ou na descrição de um produto, contactamo-lo
                antes de processar a encomenda, podendo optar por mantê-la com a informação correta
                ou cancelá-la sem qualquer encargo.
              </li>
            </ul>
          </Section>

          <Section id="encomendas">
            <p className={pClass}>
              As encomendas podem ser feitas nesta loja online, por telefone, por e-mail ou ao
              balcão. Nas encomendas online, o processo é o seguinte:
            </p>
            <ol className="mt-4 list-decimal space-y-2 pl-6 leading-relaxed text-slate-700 marker:font-semibold marker:text-slate-500">
              <li>
                Ao concluir a encomenda, recebe um e-mail de receção com o resumo dos artigos, dos
                preços e dos portes. Este e-mail não constitui ainda a aceitação da encomenda.
              </li>
              <li>
                Verificamos a disponibilidade dos artigos e enviamos a confirmação da encomenda. O
                contrato considera-se celebrado com essa confirmação.
              </li>
              <li>
                Se algum artigo não estiver disponível, informamo-lo e propomos uma alternativa ou
                um novo prazo. Se não aceitar, a encomenda é cancelada nessa parte e os montantes já
                pagos são reembolsados.
              </li>
            </ol>
            <p className={pClass}>
              Os orçamentos para clientes profissionais são válidos durante 30 dias, salvo indicação
              em contrário. Artigos que não temos habitualmente em stock e que são encomendados
              especificamente ao fabricante podem exigir pagamento antecipado e, depois de
              confirmados ao fornecedor, não podem ser cancelados nem devolvidos, sem prejuízo dos
              direitos legais dos consumidores.
            </p>
          </Section>

          <Section id="pagamento">
            <p className={pClass}>
              Os meios de pagamento disponíveis em cada momento são indicados no checkout e podem
              incluir:
            </p>
            <ul className={ulClass}>
              <li>referência Multibanco ou MB WAY;</li>
              <li>transferência bancária, sendo a encomenda processada após boa cobrança;</li>
              <li>
                ao balcão da loja ou do armazém, no levantamento, por cartão ou em numerário dentro
                dos limites legais.
              </li>
            </ul>
            <p className={pClass}>
              Os clientes profissionais podem beneficiar de pagamento a prazo e de um limite de
              crédito, sujeitos a análise e aprovação prévia. O atraso no pagamento confere o
              direito a juros de mora à taxa legal aplicável às transações comerciais e pode levar à
              suspensão de novas entregas. Nas vendas a profissionais, os bens permanecem
              propriedade do vendedor até ao pagamento integral do preço.
            </p>
            <p className={pClass}>
              Todas as vendas são acompanhadas de fatura, emitida com o NIF indicado pelo cliente e
              enviada em formato eletrónico.
            </p>
          </Section>

          <Section id="entrega">
            <dl className="mt-4 grid gap-4 sm:grid-cols-2">
              <div className="rounded-lg border border-slate-200 bg-sky-50 p-5">
                <dt className="text-sm font-medium text-slate-700">
                  Portes grátis em Portugal continental
                </dt>
                <dd className="mt-1 text-2xl font-bold text-slate-900">
                  a partir de {FREE_SHIPPING_FROM}
                </dd>
              </div>
              <div className="rounded-lg border border-slate-200 bg-white p-5">
                <dt className="text-sm font-medium text-slate-700">Encomendas de valor inferior</dt>
                <dd className="mt-1 text-2xl font-bold text-slate-900">{SHIPPING_FEE} de portes</dd>
              </div>
            </dl>
            <ul className={ulClass}>
              <li>
                O valor para portes grátis é calculado sobre o valor dos artigos da encomenda, após
                descontos. O valor de {SHIPPING_FEE} inclui IVA.
              </li>
              <li>
                Artigos volumosos ou muito pesados (por exemplo, tubagem em varas, reservatórios,
                bases de duche de grandes dimensões ou equipamento de piscina) podem exigir
                transporte especial. Nesse caso, informamos o custo antes de confirmar a encomenda e
                pode desistir sem qualquer encargo.
              </li>
              <li>
                Entregas nas Regiões Autónomas dos Açores e da Madeira e fora de Portugal: mediante
                orçamento.
              </li>
              <li>
                O prazo de entrega estimado é indicado em cada produto e na confirmação da
                encomenda. Para consumidores, salvo acordo em contrário, a entrega é feita no prazo
                máximo de 30 dias após a celebração do contrato.
              </li>
              <li>
                Pode levantar a encomenda sem custos no balcão do armazém, depois de receber o aviso
                de que está pronta. Mantemo-la reservada durante 15 dias.
              </li>
              <li>
                Entregas em obra para clientes profissionais: a descarga é feita junto ao veículo,
                em local com acesso adequado, e deve estar presente uma pessoa indicada pelo cliente
                para receber e conferir o material.
              </li>
            </ul>
            <p className={pClass}>
              Ao receber a encomenda, verifique o estado das embalagens e anote na guia do
              transportador qualquer dano visível. Pedimos que nos comunique danos ou faltas no
              prazo de 48 horas, para podermos reclamar junto do transportador; para consumidores,
              esta indicação não limita os direitos previstos na lei.
            </p>
            <p className={pClass}>
              Para consumidores, o risco de perda ou dano dos bens só se transfere no momento em que
              o consumidor, ou um terceiro por si indicado que não o transportador, recebe os bens.
              Para clientes profissionais, o risco transfere-se com a entrega no local acordado ou
              com o levantamento no armazém.
            </p>
          </Section>

          <Section id="livre-resolucao">
            <p className={pClass}>
              Se é consumidor e comprou à distância (online, por telefone ou por e-mail), pode
              desistir da compra, sem indicar o motivo e sem custos além dos previstos abaixo, no
              prazo de{' '}
              <strong className="font-semibold text-slate-900">{WITHDRAWAL_DAYS} dias</strong> a
              contar do dia em que recebe os bens, nos termos do Decreto-Lei n.º 24/2014, de 14 de
              fevereiro. Se a encomenda for entregue em várias partes, o prazo conta a partir da
              receção da última.
            </p>
            <h3 className="mt-8 text-lg font-semibold text-slate-900">Como exercer</h3>
            <ul className={ulClass}>
              <li>
                Comunique-nos a sua decisão antes de terminar o prazo, por qualquer declaração
                inequívoca (e-mail, carta ou{' '}
                <Link href="/contacto" className={linkClass}>
                  formulário de contacto
                </Link>
                ), indicando o número da encomenda. Pode também usar o modelo de formulário de livre
                resolução previsto na lei, que lhe enviamos a pedido.
              </li>
              <li>
                Devolva os bens no prazo de {WITHDRAWAL_DAYS} dias a contar da comunicação, por
                transportadora ou entregando-os no balcão do armazém. O custo direto da devolução
                fica a seu cargo.
              </li>
              <li>
                Reembolsamos todos os pagamentos recebidos, incluindo os portes de envio iniciais
                (exceto o custo adicional de uma modalidade de entrega mais cara que tenha
                escolhido), no prazo de {WITHDRAWAL_DAYS} dias a contar da sua comunicação, pelo
                mesmo meio de pagamento, salvo acordo em contrário. Podemos reter o reembolso até
                recebermos os bens ou a prova do seu envio, consoante o que ocorrer primeiro.
              </li>
              <li>
                É responsável pela depreciação dos bens que resulte de uma manipulação que exceda o
                necessário para verificar a sua natureza, características e funcionamento (por
                exemplo, produtos instalados ou com sinais de utilização).
              </li>
            </ul>
            <h3 className="mt-8 text-lg font-semibold text-slate-900">Exceções</h3>
            <p className={pClass}>
              Nos termos da lei, não há direito de livre resolução, nomeadamente, em relação a:
            </p>
            <ul className={ulClass}>
              <li>
                bens feitos segundo as especificações do consumidor ou claramente personalizados,
                como material cortado à medida ou móveis e bases de duche feitos por medida;
              </li>
              <li>
                bens selados que não possam ser devolvidos por motivos de proteção da saúde ou de
                higiene, se tiverem sido abertos após a entrega;
              </li>
              <li>
                bens que, depois de entregues, fiquem inseparavelmente misturados com outros
                artigos.
              </li>
            </ul>
            <p className={pClass}>
              O direito de livre resolução não se aplica a compras feitas presencialmente na loja ou
              no armazém, nem a clientes profissionais, cujas devoluções seguem as condições
              indicadas em{' '}
              <Link href="/garantias-e-assistencia#devolucoes" className={linkClass}>
                Garantias e assistência
              </Link>
              .
            </p>
          </Section>

          <Section id="garantias">
            <p className={pClass}>
              Os bens vendidos a consumidores beneficiam da garantia legal de conformidade de 3 anos
              prevista no Decreto-Lei n.º 84/2021, de 18 de outubro. Para clientes profissionais,
              aplicam-se as condições acordadas e as garantias dos fabricantes.
            </p>
            <p className={pClass}>
              Explicamos como apresentar uma reclamação, o que está coberto e como funciona a
              assistência técnica dos fabricantes na página{' '}
              <Link href="/garantias-e-assistencia" className={linkClass}>
                Garantias e assistência
              </Link>
              .
            </p>
          </Section>

          <Section id="dados-pessoais">
            <p className={pClass}>
              A {SELLER.name} é a responsável pelo tratamento dos dados pessoais recolhidos nesta
              loja, que trata de acordo com o Regulamento Geral sobre a Proteção de Dados
              (Regulamento (UE) 2016/679, RGPD) e a Lei n.º 58/2019, de 8 de agosto.
            </p>
            <ul className={ulClass}>
              <li>
                <strong className="font-semibold text-slate-900">Que dados:</strong> identificação,
                contactos, NIF, moradas de faturação e de entrega, histórico de encomendas e, nas
                contas profissionais, os dados da empresa.
              </li>
              <li>
                <strong className="font-semibold text-slate-900">Para quê:</strong> processar
                encomendas, entregas, pagamentos, garantias e reclamações (execução do contrato);
                cumprir obrigações legais, incluindo as fiscais; proteger a segurança da loja
                (interesse legítimo); e, só com o seu consentimento, enviar comunicações comerciais.
              </li>
              <li>
                <strong className="font-semibold text-slate-900">Com quem:</strong> apenas com
                transportadoras, prestadores de serviços de pagamento e de informática que atuam por
                nossa conta, fabricantes no âmbito de processos de garantia, e autoridades quando a
                lei o exija. Não vendemos dados pessoais.
              </li>
              <li>
                <strong className="font-semibold text-slate-900">Durante quanto tempo:</strong>{' '}
                enquanto a conta estiver ativa e, depois, durante os prazos legais de conservação
                dos documentos de faturação e de prescrição.
              </li>
            </ul>
            <p className={pClass}>
              Pode exercer os direitos de acesso, retificação, apagamento, limitação, portabilidade
              e oposição, e retirar o consentimento a qualquer momento, através da página de{' '}
              <Link href="/contacto" className={linkClass}>
                contacto
              </Link>
              . Tem ainda o direito de apresentar reclamação à Comissão Nacional de Proteção de
              Dados (<ExternalLink href="https://www.cnpd.pt">www.cnpd.pt</ExternalLink>).
            </p>
          </Section>

          <Section id="livro-reclamacoes">
            <p className={pClass}>
              Dispomos de Livro de Reclamações em formato físico na loja e no armazém. Pode também
              apresentar uma reclamação no Livro de Reclamações Eletrónico, em{' '}
              <ExternalLink href="https://www.livroreclamacoes.pt">
                www.livroreclamacoes.pt
              </ExternalLink>
              .
            </p>
          </Section>

          <Section id="resolucao-litigios">
            <p className={pClass}>
              Em caso de litígio de consumo, o consumidor pode recorrer a uma entidade de resolução
              alternativa de litígios (RAL), nos termos da Lei n.º 144/2015, de 8 de setembro:
            </p>
            <ul className={ulClass}>
              <li>
                CICAP – Centro de Informação de Consumo e Arbitragem do Porto, competente na Área
                Metropolitana do Porto (
                <ExternalLink href="https://www.cicap.pt">www.cicap.pt</ExternalLink>);
              </li>
              <li>
                CNIACC – Centro Nacional de Informação e Arbitragem de Conflitos de Consumo (
                <ExternalLink href="https://www.cniacc.pt">www.cniacc.pt</ExternalLink>).
              </li>
            </ul>
            <p className={pClass}>
              Nos litígios de consumo de valor até 5 000 €, a arbitragem é obrigatória para o
              vendedor quando o consumidor opte por ela (Lei n.º 63/2019, de 16 de agosto). A lista
              completa das entidades RAL está disponível no Portal do Consumidor (
              <ExternalLink href="https://www.consumidor.gov.pt">
                www.consumidor.gov.pt
              </ExternalLink>
              ).
            </p>
          </Section>

          <Section id="lei-aplicavel">
            <p className={pClass}>
              Estas condições e os contratos de venda por elas regulados estão sujeitos à lei
              portuguesa, sem prejuízo das normas imperativas de proteção do consumidor. Nos
              litígios com clientes profissionais, é competente o foro da comarca do Porto, com
              renúncia a qualquer outro.
            </p>
            <p className={pClass}>
              Podemos atualizar estas condições a qualquer momento. A cada encomenda aplicam-se as
              condições em vigor na data em que foi feita, que pode guardar ou imprimir a partir
              desta página.
            </p>
          </Section>
        </div>
      </div>
    </>
  );
}
