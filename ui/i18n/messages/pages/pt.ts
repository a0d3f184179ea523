/** Portuguese (Portugal) words of the content and account pages. */
import { plural } from '../../plural.ts';
import type { PageMessages } from './PageMessages.ts';

export const ptPages: PageMessages = {
  blog: {
    title: 'Blogue e conselhos',
    description:
      'Comprar um usado, financiar o carro, carregar um elétrico, fazer a manutenção: os conselhos práticos dos nossos especialistas.',
    intro: 'Conselhos concretos dos nossos especialistas para escolher, financiar e cuidar bem do seu carro.',
    nav: 'Categorias do blogue',
    all: 'Todos os artigos',
    category: {
      advice: 'Conselhos de compra',
      electric: 'Elétricos e híbridos',
      maintenance: 'Manutenção',
    },
    categoryIntro: {
      advice: 'Escolher bem o carro, financiá-lo e entregar o antigo para retoma.',
      electric: 'Carregamento, autonomia e motorizações: tudo para passar ao elétrico.',
      maintenance: 'Pneus, revisões e inspeção: o seu carro sempre em forma.',
    },
    categoryTitle: 'Blogue: {{category}}',
    readMore: 'Ler o artigo',
    asideTitle: 'Encontre o seu próximo carro',
    asideText: 'Milhares de carros verificados e com garantia, com reserva online gratuita.',
    published: 'Publicado a {{date}}',
    articles: plural({
      one: '{{count}} artigo',
      many: '{{count}} de artigos',
      other: '{{count}} artigos',
    }),
  },
  images: {
    title: 'Fotografias: {{name}}',
    description: '{{name}} em fotografias: vista lateral, frontal e traseira.',
    view: { side: 'Vista lateral', front: 'Vista de frente', rear: 'Vista de trás' },
    open: 'Abrir a imagem em tamanho real',
    allPhotos: 'Ver as fotografias em grande',
    backToCar: 'Voltar ao anúncio',
    staffTitle: 'Fotografias do veículo {{reference}}',
    staffText: '{{name}} · {{dealer}}',
  },
  languageSwitch: {
    title: 'Escolha o seu país e a sua língua',
    description: 'Escolha o site do seu país, na sua língua.',
    intro: 'Os nossos carros, preços e concessionários dependem do país: escolha o seu.',
    group: { belgium: 'Bélgica', germanSpeaking: 'Alemanha e Áustria', all: 'Todos os nossos países' },
  },
  contact: {
    title: 'Fale connosco',
    description:
      'Tem uma pergunta sobre um carro, uma reserva ou uma compra? Ligue para o nosso apoio ao cliente, escreva-nos ou visite um concessionário.',
    intro:
      'O nosso apoio ao cliente responde às suas perguntas sobre os nossos carros, a reserva, a compra online e a retoma.',
    byPhone: 'Por telefone',
    phoneHint: 'Custo de chamada para a rede fixa nacional',
    byEmail: 'Por e-mail',
    emailHint: 'Resposta num dia útil',
    hours: 'Horário do apoio ao cliente',
    inDealer: 'No concessionário',
    inDealerText: 'Os nossos consultores recebem-no nos nossos concessionários, com ou sem marcação.',
    findDealer: 'Encontrar um concessionário',
    formTitle: 'Escreva-nos',
    required: 'Os campos assinalados com asterisco são obrigatórios.',
    pending:
      'O envio online deste formulário abre muito em breve. Até lá, ligue-nos ou escreva para {{email}}.',
    firstName: 'Nome próprio',
    lastName: 'Apelido',
    email: 'Endereço de e-mail',
    phone: 'Telemóvel',
    subject: 'Assunto',
    chooseSubject: 'Escolha um assunto',
    subjects: {
      purchase: 'Compra de um carro',
      booking: 'Reserva',
      tradeIn: 'Retoma do meu carro',
      aftersales: 'Manutenção e garantia',
      general: 'Outra questão',
    },
    message: 'A sua mensagem',
    consent: 'Aceito que os meus dados sejam usados para responder ao meu pedido.',
    send: 'Enviar',
  },
  b2b: {
    title: 'Empresas e frotas',
    description:
      'Carros para a sua empresa: condições para empresas, um interlocutor dedicado, retoma da frota. Contacte a nossa equipa de empresas.',
    intro: 'Um único interlocutor para a sua empresa, do primeiro carro de serviço a uma frota inteira.',
    benefit1Title: 'Condições para empresas',
    benefit1Text: 'Descontos por volume e faturas em nome da sua empresa com o IVA discriminado.',
    benefit2Title: 'Um consultor dedicado',
    benefit2Text: 'Um só contacto para encomendas, entregas e manutenção das suas viaturas.',
    benefit3Title: 'Retoma da sua frota',
    benefit3Text: 'Retomamos as suas viaturas no fim do contrato ou quando as substitui.',
    team: 'A sua equipa de empresas',
    formTitle: 'Fale-nos do seu projeto',
    company: 'Empresa',
    vatNumber: 'NIPC',
    fleetSize: 'Dimensão da frota',
    chooseFleet: 'Escolha uma dimensão',
    fleet: {
      small: 'De 1 a 4 viaturas',
      medium: 'De 5 a 19 viaturas',
      large: 'De 20 a 99 viaturas',
      xlarge: '100 viaturas ou mais',
    },
    message: 'As suas necessidades (modelos, quantidades, prazos)',
  },
  aftersales: {
    title: 'Pós-venda: manutenção, garantia e reparações',
    description:
      'Revisões segundo o plano do fabricante, garantia, pneus, chapa e pintura e inspeção nas nossas oficinas. Faça a marcação no seu concessionário.',
    intro:
      'As nossas oficinas fazem a manutenção de todas as marcas que vendemos, com peças originais e segundo o plano do fabricante.',
    service1Title: 'Revisão e manutenção',
    service1Text:
      'Revisões segundo o plano do fabricante, peças originais, livro carimbado e garantia intacta.',
    service2Title: 'Garantia',
    service2Text:
      'Pelo menos 12 meses em todos os nossos usados, peças e mão de obra, em todos os concessionários.',
    service3Title: 'Pneus e alinhamento',
    service3Text: 'Mudança de pneus, armazenamento das suas rodas e alinhamento da direção.',
    service4Title: 'Chapa, pintura e vidros',
    service4Text:
      'Reparação de amolgadelas e de impactos no para-brisas, viatura de substituição mediante marcação.',
    warrantyTitle: 'O que a nossa garantia cobre',
    warrantyText:
      'Motor, caixa de velocidades, transmissão, direção, travões e sistema elétrico: numa avaria coberta, a reparação fica por nossa conta, peças e mão de obra.',
    inspectionTitle: 'Inspeção periódica',
    inspectionText:
      'Preparamos o seu carro, levamo-lo à inspeção e tratamos da reinspeção, se for necessária.',
    ctaTitle: 'Marcar na oficina',
    ctaText: 'Escolha o seu concessionário para ver o horário e fazer a marcação.',
    cta: 'Encontrar um concessionário',
    callUs: 'Ou ligue-nos: {{phone}}',
  },
  promotions: {
    title: 'Promoções e oportunidades',
    description:
      'As nossas melhores ofertas do momento, calculadas todos os dias sobre o nosso stock: usados ao melhor preço, carros novos disponíveis, elétricos.',
    intro: 'Seleções calculadas continuamente sobre o nosso stock real, aos preços do concessionário.',
    bestUsed: 'Usados ao melhor preço',
    bestNew: 'Carros novos disponíveis ao melhor preço',
    electric: 'Elétricos ao melhor preço',
    lowMileage: 'Usados com menos de {{mileage}}',
    seeAll: 'Ver toda a seleção',
    empty: 'De momento não há carros nesta seleção.',
  },
  account: {
    title: 'A minha conta',
  },
  favorites: {
    removeAll: 'Remover todos',
    removeAllLabel: 'Remover todas as viaturas dos seus favoritos',
    title: 'Os meus favoritos',
    description: 'Os carros que guardou nos favoritos, com o preço atual.',
    intro: 'Os carros que guardou nos favoritos, com o preço atual.',
    count: plural({
      one: '{{count}} favorito',
      many: '{{count}} de favoritos',
      other: '{{count}} favoritos',
    }),
    loading: 'A carregar os seus favoritos…',
    empty: 'Ainda não tem favoritos.',
    emptyHint: 'Guarde um carro nos favoritos a partir do anúncio para o encontrar aqui.',
    browse: 'Ver carros usados',
    add: 'Adicionar aos favoritos',
    added: 'Nos seus favoritos',
    remove: 'Remover dos favoritos',
    full: 'Já tem {{max}} favoritos: remova um primeiro.',
    failed: 'Não foi possível guardar o favorito neste momento.',
  },
};
