/** The 16 catalogue chapters with shared texts for descriptions and additional information. */
import 'server-only';
export interface DemoChapter {
  code: number;
  title: string;
  /** Generic description sentences for products of the chapter. */
  d: readonly string[];
  /** Installation / warranty / maintenance sentences ("Informação adicional"). */
  info: readonly string[];
}

const WARRANTY = 'Garantia de 2 anos contra defeitos de fabrico, nos termos da lei.';
const WARRANTY_3 = 'Garantia de 3 anos contra defeitos de fabrico.';

export const CHAPTERS: readonly DemoChapter[] = [
  {
    code: 10,
    title: 'Salas de Banho',
    d: [
      'Design intemporal que combina com diferentes estilos de casa de banho.',
      'Disponível para entrega rápida a partir do nosso armazém de Vila Nova de Gaia.',
    ],
    info: [
      'Recomenda-se a instalação por um canalizador profissional.',
      'Limpar apenas com água e sabão neutro, evitando produtos abrasivos ou com cloro.',
      WARRANTY_3,
      'Peças de substituição disponíveis durante 10 anos após o fim de fabrico.',
    ],
  },
  {
    code: 20,
    title: 'Sanitários Públicos-Balneários-Pontos de Atendimentos',
    d: [
      'Pensado para espaços de grande afluência como escolas, hospitais, ginásios e centros comerciais.',
      'Contribui para a certificação energética e hídrica do edifício.',
    ],
    info: [
      'Instalação recomendada por técnico qualificado.',
      'Verificar periodicamente o funcionamento e limpar os filtros de entrada de água.',
      WARRANTY,
      'Consulte-nos para projetos de equipamento de balneários completos.',
    ],
  },
  {
    code: 30,
    title: 'Cozinha e Lavandaria',
    d: [
      'Solução prática e duradoura para cozinhas e lavandarias.',
      'Materiais resistentes ao uso diário intensivo.',
    ],
    info: [
      'Instalação simples com as ferragens fornecidas.',
      'Limpar com pano macio e detergente neutro.',
      WARRANTY,
      'Consulte as medidas de encastre antes de cortar a bancada.',
    ],
  },
  {
    code: 40,
    title: 'Condução de Águas Sanitárias',
    d: [
      'Adequado para redes de água quente e fria sanitária.',
      'Materiais certificados para contacto com água potável.',
    ],
    info: [
      'Respeitar as instruções do fabricante e as regras técnicas de instalação de redes prediais.',
      'Realizar o ensaio de estanquidade da instalação antes de fechar roços e tetos.',
      WARRANTY,
      'Disponível em quantidade para obra, consulte condições para profissionais.',
    ],
  },
  {
    code: 50,
    title: 'Rega e Jardim',
    d: [
      'Ideal para jardins, hortas e espaços verdes.',
      'Contribui para uma utilização eficiente da água.',
    ],
    info: [
      'Esvaziar e proteger os componentes do gelo durante o inverno.',
      'Limpar os filtros no início de cada época de rega.',
      WARRANTY,
      'Peça-nos um estudo de rega gratuito para o seu jardim.',
    ],
  },
  {
    code: 60,
    title: 'Colas Vedantes-Lubricantes-Soldas-Desentupidores-Removedores',
    d: [
      'Produto de uso profissional com elevado rendimento.',
      'Embalagem prática com fecho de segurança.',
    ],
    info: [
      'Consultar a ficha de dados de segurança antes de utilizar.',
      'Armazenar em local fresco e seco, ao abrigo da luz solar.',
      'Validade de 12 a 24 meses na embalagem original fechada.',
      'Manter fora do alcance das crianças.',
    ],
  },
  {
    code: 70,
    title: 'Drenagem',
    d: [
      'Solução de drenagem durável para obra nova e reabilitação.',
      'Montagem rápida sem ferramentas especiais.',
    ],
    info: [
      'Respeitar as pendentes mínimas e a classe de carga adequada ao local de instalação.',
      'Limpar grelhas e sifões regularmente para evitar entupimentos.',
      WARRANTY,
      'Disponível em palete completa para obra.',
    ],
  },
  {
    code: 80,
    title: 'Esgotos de Edifícios',
    d: ['Para redes prediais de águas residuais domésticas.', 'Leve e fácil de manusear em obra.'],
    info: [
      'Respeitar as regras técnicas de drenagem de águas residuais em edifícios.',
      'Limpar as superfícies com decapante antes de colar.',
      WARRANTY,
      'Consulte condições para encomendas de obra.',
    ],
  },
  {
    code: 90,
    title: 'Autoclismos-Estruturas-Ferragens Cisterna',
    d: [
      'Compatível com a maioria das louças sanitárias do mercado.',
      'Baixo consumo de água com descarga de 3/6 L.',
    ],
    info: [
      'Instalação recomendada por canalizador profissional.',
      'Fechar a válvula de corte antes de qualquer intervenção.',
      'Garantia de 10 anos no depósito e 2 anos nos mecanismos.',
      'Peças de substituição disponíveis em stock.',
    ],
  },
  {
    code: 100,
    title: 'Ventilação e Exaustão',
    d: [
      'Melhora a qualidade do ar interior e previne a condensação e os bolores.',
      'Funcionamento silencioso.',
    ],
    info: [
      'A ligação elétrica deve ser feita por um eletricista, de acordo com as regras técnicas em vigor.',
      'Limpar as grelhas e filtros a cada 3 meses.',
      WARRANTY,
      'Verifique o diâmetro da conduta existente antes de encomendar.',
    ],
  },
  {
    code: 110,
    title: 'AQS climatização e Energias Renováveis',
    d: [
      'Contribui para melhorar a classe energética da habitação.',
      'Assistência técnica própria em todo o território nacional.',
    ],
    info: [
      'Instalação e primeiro arranque obrigatórios por técnico certificado para validar a garantia.',
      'Manutenção anual recomendada para manter o rendimento e a segurança.',
      'Garantia de 2 anos, extensível a 5 anos com contrato de manutenção.',
      'Pode ser elegível para programas de apoio à eficiência energética.',
    ],
  },
  {
    code: 120,
    title: 'Gás e Componentes de Ligação',
    d: [
      'Componente certificado de acordo com a regulamentação em vigor.',
      'Fornecido com a documentação de conformidade do fabricante.',
    ],
    info: [
      'A instalação e a inspeção de redes de gás devem ser feitas por entidade credenciada.',
      'Verificar o prazo de validade gravado no produto.',
      WARRANTY,
      'Nunca procurar fugas de gás com chama: utilizar espuma detetora.',
    ],
  },
  {
    code: 130,
    title: 'Aspiração Central',
    d: ['Sistema de limpeza mais higiénico, silencioso e confortável.', 'Valoriza a habitação.'],
    info: [
      'A tubagem deve ser instalada durante a obra, antes dos acabamentos.',
      'Esvaziar o depósito e limpar o filtro regularmente.',
      'Garantia de 5 anos no motor da central.',
      'Pedimos-lhe a planta da casa para um orçamento de instalação completo.',
    ],
  },
  {
    code: 140,
    title: 'Bombagem',
    d: ['Fiável e de fácil manutenção.', 'Assistência técnica e peças de substituição em stock.'],
    info: [
      'Nunca deixar a bomba funcionar a seco.',
      'A ligação elétrica deve ser protegida por disjuntor diferencial.',
      WARRANTY,
      'Consulte-nos para o dimensionamento do equipamento adequado à sua instalação.',
    ],
  },
  {
    code: 150,
    title: 'Equipamentos Combate a Incêndio',
    d: [
      'Equipamento certificado de segurança contra incêndio em edifícios.',
      'Cumpre o regulamento técnico de segurança contra incêndio em edifícios.',
    ],
    info: [
      'A instalação e a manutenção devem ser realizadas por entidade registada na ANEPC.',
      'Inspeção anual obrigatória.',
      WARRANTY,
      'Fornecemos a documentação de conformidade para o dossiê de segurança do edifício.',
    ],
  },
  {
    code: 200,
    title: 'Piscinas e Tratamentos Químicos',
    d: [
      'Para piscinas residenciais e coletivas.',
      'Água limpa e cristalina durante toda a época balnear.',
    ],
    info: [
      'Seguir as doses recomendadas e nunca misturar produtos químicos entre si.',
      'Guardar os produtos químicos em local fresco, seco e ventilado.',
      WARRANTY,
      'Aconselhamento técnico gratuito na nossa loja.',
    ],
  },
];

export const CHAPTER_CODES: readonly number[] = CHAPTERS.map((c) => c.code);
