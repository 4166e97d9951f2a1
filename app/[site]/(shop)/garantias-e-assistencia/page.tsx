import type { Metadata } from 'next';
import { pageMetadata } from '@/lib/seo';
import Link from 'next/link';
import { Breadcrumbs } from '@/components/catalogue/breadcrumbs';
import {
  Camera,
  CircleX,
  ClipboardList,
  Flame,
  Hash,
  MessageSquareText,
  Receipt,
  Undo2,
} from 'lucide-react';
import { IconCards, type IconCardItem } from '@/components/info-page/icon-cards';
import { InfoSection } from '@/components/info-page/info-section';
import { Button } from '@/components/ui/button';

const PAGE_PATH = '/garantias-e-assistencia';
const PAGE_NAME = 'Garantias e assistência';

export const metadata: Metadata = pageMetadata({
  title: 'Garantias e assistência | Casa das Águas de Gaia',
  description: 'Garantia legal de 3 anos para consumidores, como reclamar, assistência do fabricante a caldeiras e bombas de calor, devoluções de profissionais e exclusões.',
  path: PAGE_PATH,
});

const linkClass = 'font-medium text-sky-800 underline underline-offset-4 hover:text-sky-950';
/** An icon before a section title, on the title's baseline. */
const headingIconClass = 'mr-2 inline size-7 align-[-0.15em]';
const h3Class = 'mt-8 text-lg font-semibold text-slate-900';
const textClass = 'mt-4 leading-relaxed text-slate-700';
const listClass =
  'mt-4 list-disc space-y-2 pl-6 leading-relaxed text-slate-700 marker:text-slate-400';

const CLAIM_ITEMS: readonly IconCardItem[] = [
  {
    icon: Receipt,
    title: 'Prova de compra',
    text: 'Fatura, fatura-recibo ou talão, ou o número da encomenda online. Se comprou numa conta profissional, basta o número do documento.',
  },
  {
    icon: Hash,
    title: 'Código do produto',
    text: 'A referência que consta da fatura e da página do produto e, nos equipamentos, o número de série indicado na placa de características.',
  },
  {
    icon: MessageSquareText,
    title: 'Descrição da anomalia',
    text: 'O que acontece, desde quando e em que condições: por exemplo, se a fuga é constante ou só com a torneira aberta, ou o código de erro que aparece no ecrã.',
  },
  {
    icon: Camera,
    title: 'Fotografias',
    text: 'Do defeito, da etiqueta ou placa de características e, se o produto já estiver instalado, da instalação e das ligações.',
  },
];



export default async function GarantiasPage() {
  return (
    <>
      <div className="mx-auto max-w-3xl px-4 pb-8 pt-8">
        <Breadcrumbs items={[{ label: PAGE_NAME }]} />
        <h1 className="mt-8 text-4xl font-bold tracking-tight text-slate-900 text-balance sm:text-5xl">
          Garantias e assistência
        </h1>
        <p className="mt-6 text-lg leading-relaxed text-slate-700">
          Vendemos produtos de fabricantes em quem confiamos, mas sabemos que uma avaria numa
          torneira, numa bomba ou numa caldeira não pode esperar. Nesta página explicamos as
          garantias que se aplicam, como apresentar uma reclamação e como funciona a assistência
          técnica dos fabricantes.
        </p>

        <section
          aria-labelledby="resumo"
          className="mt-10 rounded-lg border border-slate-200 bg-slate-50 p-6"
        >
          <h2 id="resumo" className="text-lg font-semibold text-slate-900">
            Em resumo
          </h2>
          <dl className="mt-4 grid gap-4 sm:grid-cols-3">
            <div>
              <dt className="text-sm font-medium text-slate-600">Consumidores</dt>
              <dd className="mt-1 font-semibold text-slate-900">3 anos de garantia legal</dd>
            </div>
            <div>
              <dt className="text-sm font-medium text-slate-600">Profissionais</dt>
              <dd className="mt-1 font-semibold text-slate-900">
                Condições acordadas e do fabricante
              </dd>
            </div>
            <div>
              <dt className="text-sm font-medium text-slate-600">
                Prazo máximo de reparação ou substituição
              </dt>
              <dd className="mt-1 font-semibold text-slate-900">
                30 dias, em regra (consumidores)
              </dd>
            </div>
          </dl>
        </section>
      </div>

      <div className="mx-auto max-w-3xl space-y-14 px-4 py-8">
        <InfoSection id="garantia-legal" title="Garantia legal para consumidores">
          <p className={textClass}>
            Se comprou para uso pessoal, familiar ou doméstico, é consumidor e beneficia da garantia
            legal de conformidade prevista no Decreto-Lei n.º 84/2021, de 18 de outubro. Para bens
            entregues a partir de 1 de janeiro de 2022, respondemos por qualquer falta de
            conformidade que se manifeste no prazo de{' '}
            <strong className="font-semibold text-slate-900">3 anos</strong> a contar da entrega.
          </p>
          <ul className={listClass}>
            <li>
              Se a falta de conformidade se manifestar nos primeiros 2 anos, presume-se que já
              existia na data da entrega, sem que tenha de o provar.
            </li>
            <li>
              Pode pedir a reparação ou a substituição do bem e, nos casos previstos na lei, a
              redução do preço ou a resolução do contrato. Se a falta de conformidade se manifestar
              nos primeiros 30 dias após a entrega, pode pedir de imediato a substituição ou a
              resolução do contrato.
            </li>
            <li>
              A reparação ou substituição é gratuita e deve ser feita num prazo razoável, que não
              deve exceder 30 dias, salvo nas situações em que a natureza e a complexidade do bem o
              justifiquem.
            </li>
            <li>
              Um bem reparado beneficia de mais 6 meses de garantia por cada reparação, até ao
              limite de quatro reparações. Um bem substituído tem uma nova garantia de 3 anos a
              contar da entrega do novo bem.
            </li>
            <li>
              Em alternativa, pode exigir a reparação ou a substituição diretamente ao produtor do
              bem.
            </li>
          </ul>
          <p className={textClass}>
            Os bens entregues antes de 1 de janeiro de 2022 continuam sujeitos ao regime anterior
            (Decreto-Lei n.º 67/2003), com um prazo de garantia de 2 anos. A garantia legal não
            prejudica quaisquer garantias comerciais adicionais oferecidas pelos fabricantes, que
            acrescem aos seus direitos e nunca os substituem.
          </p>
        </InfoSection>

        <InfoSection id="garantia-profissionais" title="Garantia para clientes profissionais">
          <p className={textClass}>
            As compras feitas no âmbito de uma atividade profissional (instaladores, empreiteiros,
            revendedores e outras empresas) não estão abrangidas pelo regime de proteção do
            consumidor. Nestes casos, aplica-se a garantia acordada com o cliente e, na falta de
            acordo, as condições de garantia do fabricante de cada produto, que indicamos sempre que
            nos pedir.
          </p>
          <p className={textClass}>
            Fazemos a ponte com o fabricante em todas as reclamações: recebemos o pedido, enviamos a
            informação técnica, acompanhamos a peritagem e comunicamos a decisão. Guarde a fatura e,
            nos equipamentos, o registo da instalação e do primeiro arranque, pois são quase sempre
            pedidos.
          </p>
        </InfoSection>

        <InfoSection id="reclamar" title="Como apresentar uma reclamação">
          <p className={textClass}>
            Contacte-nos assim que detetar o problema, pelo{' '}
            <Link href="/contacto" className={linkClass}>
              formulário de contacto
            </Link>
            , por telefone ou diretamente ao balcão da loja ou do armazém. Para podermos analisar o
            caso depressa, tenha consigo:
          </p>
          <IconCards items={CLAIM_ITEMS} layout="small" accent="sky" className="mt-6 grid gap-4 sm:grid-cols-2" />
          <h3 className={h3Class}>O que acontece a seguir</h3>
          <ol className="mt-4 list-decimal space-y-2 pl-6 leading-relaxed text-slate-700 marker:font-semibold marker:text-slate-500">
            <li>Registamos a reclamação e damos-lhe um número de processo para acompanhamento.</li>
            <li>
              Analisamos a informação e, se necessário, pedimos a devolução do produto ou a visita
              do técnico do fabricante.
            </li>
            <li>
              Comunicamos a solução: reparação, substituição ou, quando aplicável, redução do preço
              ou reembolso.
            </li>
          </ol>
          <p className={textClass}>
            Por favor, não desmonte nem envie equipamentos sem falar connosco primeiro: alguns
            fabricantes exigem que a avaria seja verificada no local por um técnico autorizado.
          </p>
        </InfoSection>

        <InfoSection
          id="assistencia-fabricante"
          title={
            <>
              <Flame aria-hidden="true" className={`${headingIconClass} text-orange-600`} />
              Caldeiras, esquentadores, termoacumuladores e bombas de calor
            </>
          }
        >
          <p className={textClass}>
            Os equipamentos de produção de água quente e de climatização têm, em regra, assistência
            técnica assegurada pelo próprio fabricante, através da sua rede de técnicos oficiais. É
            essa rede que faz o diagnóstico e a reparação no local, dentro e fora da garantia.
          </p>
          <ul className={listClass}>
            <li>
              <strong className="font-semibold text-slate-900">Primeiro arranque.</strong> Muitos
              fabricantes exigem que a colocação em serviço seja feita por um técnico certificado
              pela marca, sobretudo em caldeiras de condensação e bombas de calor. Nesses casos, a
              garantia (ou a sua extensão) depende desse arranque e do registo do equipamento.
            </li>
            <li>
              <strong className="font-semibold text-slate-900">Instalação conforme.</strong> Os
              aparelhos a gás devem ser instalados por técnicos ou entidades habilitados, e os
              equipamentos com gases fluorados por técnicos certificados para o efeito, de acordo
              com a regulamentação em vigor e com o manual do fabricante.
            </li>
            <li>
              <strong className="font-semibold text-slate-900">Manutenção.</strong> Cumpra a
              manutenção periódica indicada pelo fabricante e guarde os comprovativos: são
              normalmente pedidos para validar a garantia comercial.
            </li>
          </ul>
          <p className={textClass}>
            Na dúvida, indicamos-lhe os requisitos de cada marca antes da compra e ajudamos a pedir
            o primeiro arranque ou a assistência.
          </p>
        </InfoSection>

        <InfoSection
          id="devolucoes"
          title={
            <>
              <Undo2 aria-hidden="true" className={`${headingIconClass} text-sky-700`} />
              Devoluções de material não utilizado (profissionais)
            </>
          }
        >
          <p className={textClass}>
            Sabemos que numa obra sobra sempre material. Aceitamos devoluções de clientes
            profissionais de artigos sem defeito nas seguintes condições:
          </p>
          <ul className={listClass}>
            <li>
              pedido de devolução feito até 30 dias após a data da fatura, com indicação do número
              do documento;
            </li>
            <li>
              material novo, não utilizado nem instalado, completo e na embalagem original, em
              condições de revenda;
            </li>
            <li>
              entrega no balcão do armazém ou recolha combinada previamente, com custos a cargo do
              cliente;
            </li>
            <li>
              após verificação, emitimos uma nota de crédito, à qual pode ser deduzida uma taxa de
              reacondicionamento que indicamos antes de aceitar a devolução.
            </li>
          </ul>
          <p className={textClass}>
            Não são aceites devoluções de artigos cortados à medida, de encomendas especiais feitas
            a pedido do cliente, de produtos químicos abertos nem de material descontinuado ou em
            liquidação.
          </p>
          <p className={textClass}>
            Se é consumidor e comprou à distância, tem direito de livre resolução no prazo de 14
            dias, explicado nas{' '}
            <Link href="/condicoes-gerais-de-venda#livre-resolucao" className={linkClass}>
              condições gerais de venda
            </Link>
            .
          </p>
        </InfoSection>

        <InfoSection
          id="exclusoes"
          title={
            <>
              <CircleX aria-hidden="true" className={`${headingIconClass} text-red-700`} />
              O que não está coberto
            </>
          }
        >
          <p className={textClass}>
            A garantia cobre as faltas de conformidade do produto. Não cobre danos com outra origem,
            nomeadamente:
          </p>
          <ul className={listClass}>
            <li>
              instalação incorreta ou que não respeite as instruções do fabricante e a
              regulamentação aplicável (por exemplo, pressão excessiva sem redutor, falta de válvula
              de segurança ou ligações invertidas);
            </li>
            <li>
              calcário e sujidade da água: incrustações, entupimento de arejadores, chuveiros e
              válvulas, e avarias causadas pela qualidade da água quando não existe filtragem ou
              tratamento adequado;
            </li>
            <li>
              desgaste normal de peças sujeitas a uso, como cartuchos e cartuchos termostáticos,
              vedantes, juntas e anilhas, filtros, ânodos de magnésio e escovas;
            </li>
            <li>
              utilização indevida, falta de manutenção, gelo, sobretensões, quedas e golpes,
              produtos de limpeza abrasivos ou agressivos nos acabamentos;
            </li>
            <li>reparações ou alterações feitas por pessoas não autorizadas pelo fabricante.</li>
          </ul>
          <p className={textClass}>
            Estas exclusões não limitam os direitos que a lei reconhece aos consumidores: uma peça
            que já tinha defeito no momento da entrega está sempre coberta.
          </p>
        </InfoSection>

        <section
          aria-labelledby="contactos"
          className="rounded-lg bg-sky-900 p-6 text-white sm:p-8"
        >
          <h2
            id="contactos"
            className="flex items-center gap-2 text-2xl font-bold tracking-tight sm:text-3xl"
          >
            <ClipboardList aria-hidden="true" className="size-7 text-cyan-200" />
            Precisa de ajuda?
          </h2>
          <p className="mt-4 leading-relaxed text-sky-50">
            A nossa equipa de pós-venda responde a reclamações, pedidos de assistência e devoluções
            nos dias úteis. Encontra os telefones, o e-mail e os horários da loja e do armazém na
            página de contacto.
          </p>
          <p className="mt-4 leading-relaxed text-sky-50">
            Pode também apresentar uma reclamação no Livro de Reclamações, disponível na loja e em
            formato eletrónico em{' '}
            <a
              href="https://www.livroreclamacoes.pt"
              className="font-medium text-white underline underline-offset-4 hover:text-cyan-100"
              rel="noopener noreferrer"
              target="_blank"
            >
              livroreclamacoes.pt
            </a>
            .
          </p>
          <div className="mt-6">
            <Button asChild size="lg" className="bg-white text-sky-900 hover:bg-sky-50">
              <Link href="/contacto">Contactar o pós-venda</Link>
            </Button>
          </div>
        </section>
      </div>
    </>
  );
}
