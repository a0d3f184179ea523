/** The lead forms' and topic pages' words, Portuguese (Portugal). */
import type { LeadMessages } from './fr.ts';

export const ptLeads: LeadMessages = {
  required: 'Os campos assinalados com asterisco (*) são obrigatórios.',
  firstName: 'Nome próprio',
  lastName: 'Apelido',
  email: 'Endereço de e-mail',
  phone: 'Telefone',
  postcode: 'Código postal',
  postcodeHelp: 'Para o pôr em contacto com o concessionário mais próximo.',
  company: 'Empresa',
  message: 'A sua mensagem',
  dealer: 'Concessionário',
  chooseDealer: 'Escolha um concessionário',
  topic: 'Assunto',
  chooseTopic: 'Escolha um assunto',
  consent:
    'Aceito que os meus contactos e a minha mensagem sejam enviados ao concessionário para responder ao meu pedido. Não servem para mais nada e posso pedir que sejam apagados a qualquer momento.',
  honeypot: 'Deixe este campo vazio',
  send: 'Enviar',
  sending: 'A enviar…',
  refused: 'A sua mensagem não foi enviada: corrija os campos assinalados.',
  rateLimited: 'Demasiados envios em pouco tempo. Tente novamente dentro de alguns minutos.',
  failed: 'O envio falhou. Verifique a sua ligação e tente novamente.',
  errors: {
    firstName: 'Indique o seu nome próprio.',
    lastName: 'Indique o seu apelido.',
    email: 'Indique um e-mail válido, por exemplo nome@exemplo.pt.',
    phone: 'Indique um número de telefone válido (de 6 a 15 algarismos).',
    postcode: 'Indique um código postal válido, por exemplo 1000-001.',
    message: 'Escreva a sua mensagem (pelo menos 10 caracteres, no máximo 2000).',
    consent: 'Assinale esta caixa para podermos enviar a sua mensagem.',
    dealerId: 'Escolha um concessionário da lista.',
    topic: 'Escolha um assunto da lista.',
    company: 'Indique o nome da empresa (no máximo 120 caracteres).',
  },
  titles: {
    car: 'Uma pergunta sobre este carro?',
    brand: 'Uma pergunta sobre a {{brand}}?',
    dealer: 'Escrever a este concessionário',
    hub: 'Escrever a um concessionário da região',
    cee: 'Pedir o incentivo à poupança de energia',
    contact: 'Escreva-nos',
    electric: 'Falar com um consultor de carros elétricos',
    faq: 'Não encontrou a sua resposta?',
    finance: 'Pedir um estudo de financiamento',
    warranty: 'Uma pergunta sobre a garantia?',
  },
  thanks: {
    title: 'Obrigado, a sua mensagem foi enviada',
    text: 'O concessionário responde-lhe o mais depressa possível, normalmente num dia útil. Enviámos-lhe uma confirmação por e-mail.',
    home: 'Voltar ao início',
    fix: 'A sua mensagem não foi enviada',
  },
  pages: {
    finance: {
      title: 'Financiar o seu carro',
      description:
        'Crédito clássico ou leasing com opção de compra: uma prestação clara e uma resposta rápida.',
      points: [
        'Crédito automóvel ou leasing com opção de compra, de 12 a 84 meses.',
        'Uma simulação sem compromisso na página de cada carro.',
        'Uma resposta de princípio em 48 horas após a análise do seu processo.',
      ],
    },
    warranty: {
      title: 'A garantia dos nossos carros',
      description: 'Cada carro usado tem pelo menos 12 meses de garantia em peças e mão de obra.',
      points: [
        'Pelo menos 12 meses de garantia, prolongável até 36 meses.',
        'Válida em toda a nossa rede de concessionários e oficinas parceiras.',
        'Assistência 24 horas em caso de avaria durante a garantia.',
      ],
    },
    electric: {
      title: 'Mudar para elétrico',
      description:
        'Autonomia, carregamento, apoios à compra: os nossos consultores respondem às suas perguntas.',
      points: [
        'Carros elétricos e híbridos plug-in, novos e usados, verificados.',
        'Conselhos para instalar um posto de carregamento em casa.',
        'Os apoios à compra, explicados para a sua situação.',
      ],
      ceeTitle: 'Incentivo à poupança de energia',
      ceeText:
        'Os programas de poupança de energia podem financiar parte do seu posto de carregamento ou do seu carro elétrico. Pergunte-nos se tem direito.',
    },
  },
};
