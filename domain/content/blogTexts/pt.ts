/** The blog in Portuguese (Portugal): inspeção periódica, crédito automóvel and Portuguese usage. */
import type { BlogTexts } from './BlogText.ts';

export const pt: BlogTexts = {
  'used-car-checklist': {
    title: 'Comprar um carro usado: o que verificar',
    summary:
      'Documentos, carroçaria, mecânica e test drive: o nosso método para comprar um usado sem surpresas desagradáveis.',
    body: [
      'Comece pelos documentos. O livro de revisões deve estar carimbado nos prazos definidos pelo fabricante e as faturas devem bater certo com os quilómetros indicados. Uma quilometragem que sobe de forma regular entre revisões é bom sinal; um intervalo de vários anos merece uma pergunta.',
      'Depois, dê a volta ao carro com luz natural: folgas irregulares entre os painéis da carroçaria, um tom ligeiramente diferente de uma porta para outra, pneus gastos só de um lado. Debaixo do capô, procure vestígios de óleo e verifique o nível do líquido de arrefecimento.',
      'Por fim, experimente o carro com o motor frio e em estradas variadas: arranque, passagem de mudanças, travagem em linha reta, ruídos do trem dianteiro nas curvas. Connosco, cada usado é verificado em mais de 100 pontos e vendido com pelo menos 12 meses de garantia e o respetivo relatório de inspeção.',
    ],
  },
  'financing-loan-or-lease': {
    title: 'Crédito automóvel ou renting: o que escolher?',
    summary:
      'Ser proprietário desde o primeiro dia ou pagar uma renda que inclui quase tudo: as duas fórmulas, os custos e para quem são.',
    body: [
      'Com um crédito automóvel, o carro é seu desde o primeiro dia. As prestações são mais altas, mas depois de pago o crédito não há mais nada a pagar, quer fique com o carro quer o venda.',
      'O renting é um aluguer de longa duração: uma renda mensal fixa que costuma incluir manutenção, seguro e IUC, durante dois a cinco anos, e no fim devolve o carro. Os quilómetros ficam definidos no contrato e cada quilómetro a mais é cobrado.',
      'Para comparar, olhe sempre para o custo total: soma das prestações, entrada, comissões e, no crédito, a TAEG. Os nossos consultores mostram-lhe as duas simulações lado a lado para o carro que lhe interessa.',
    ],
  },
  'ev-home-charging': {
    title: 'Carregar um carro elétrico em casa',
    summary: 'Tomada doméstica ou wallbox: quanto tempo demora um carregamento e que instalação escolher.',
    body: [
      'Uma tomada doméstica comum serve para uma emergência, mas só fornece cerca de 2 kW: para encher uma bateria de 50 kWh precisa de mais de 20 horas. Não foi feita para carregamentos longos e repetidos.',
      'Uma wallbox de 7,4 kW carrega a mesma bateria numa noite, em sete a oito horas, muitas vezes com aumento da potência contratada. A instalação deve ser feita por um eletricista certificado, com circuito próprio e a proteção diferencial adequada; num condomínio, basta comunicar a instalação à administração.',
      'Programar o carregamento para as horas de vazio baixa a fatura. Nas viagens longas, os carregadores rápidos das autoestradas devolvem 80 % da bateria em 20 a 40 minutos, consoante o modelo.',
    ],
  },
  'trade-in-value': {
    title: 'Retoma do seu carro: como obter o melhor preço',
    summary:
      'Revisões em dia, documentos preparados, defeitos assumidos: o que faz realmente subir a avaliação do seu carro.',
    body: [
      'A avaliação parte do valor de mercado do modelo e tem em conta a quilometragem, o estado e o historial. Um livro de revisões completo e as faturas das últimas reparações dão confiança ao avaliador e evitam um desconto «por precaução».',
      'Não vale a pena pintar o carro antes da inspeção, mas um interior limpo, jantes lavadas e a segunda chave fazem a diferença. Indique os defeitos que conhece: o avaliador vai encontrá-los de qualquer forma, e a transparência acelera a proposta.',
      'Nos nossos concessionários a inspeção é gratuita e a nossa proposta é válida durante sete dias. Pode descontá-la diretamente no preço do próximo carro ou recebê-la por transferência.',
    ],
  },
  'ev-winter-range': {
    title: 'Carro elétrico: a autonomia no inverno',
    summary:
      'Com o frio, um carro elétrico perde parte da autonomia. Porquê, quanto e como limitar essa perda.',
    body: [
      'O frio abranda a química da bateria, e o aquecimento do habitáculo usa a mesma energia que o motor. Consoante o modelo e o percurso, a autonomia desce 10 a 30 % no inverno, e mais em trajetos curtos e repetidos.',
      'Uma bomba de calor reduz muito o consumo do aquecimento. Outro bom hábito: pré-aquecer o habitáculo enquanto o carro ainda está ligado ao carregador e usar os bancos e o volante aquecidos, muito mais económicos do que o ar quente.',
      'Na autoestrada, circular a 110 km/h em vez de 120 km/h dá muitas vezes mais autonomia do que qualquer ajuste. Nos nossos anúncios, a bomba de calor aparece na lista de equipamento quando o carro a tem.',
    ],
  },
  'hybrid-or-plug-in': {
    title: 'Híbrido ou híbrido plug-in: qual escolher?',
    summary:
      'Ambos juntam um motor a combustão e um motor elétrico, mas não para os mesmos percursos. Explicamos consoante a sua utilização.',
    body: [
      'O híbrido convencional carrega a sua pequena bateria em andamento, ao travar e ao desacelerar. Não é preciso ligá-lo à corrente: poupa sobretudo na cidade, onde o motor elétrico assume muitas vezes sozinho.',
      'O híbrido plug-in tem uma bateria maior, carregada na tomada, e percorre 40 a 80 km em modo elétrico. É ideal se puder carregá-lo todos os dias e os seus trajetos habituais couberem nessa autonomia; sem carregamentos regulares, o peso fá-lo gastar mais do que um híbrido convencional.',
      'Em resumo: sem tomada em casa ou com muita autoestrada, escolha o híbrido; trajetos curtos e carregamento fácil, o híbrido plug-in.',
    ],
  },
  'tyres-all-seasons': {
    title: 'Pneus de verão, de inverno ou para todas as estações?',
    summary: 'A regra dos 7 °C, a profundidade mínima do piso e o que valem os pneus para todas as estações.',
    body: [
      'Abaixo de cerca de 7 °C, a borracha de um pneu de verão endurece e agarra menos; um pneu de inverno mantém-se flexível e as suas lamelas escoam neve e água. Acima dessa temperatura é o contrário: o pneu de inverno gasta-se mais depressa e trava pior.',
      'A lei exige pelo menos 1,6 mm de piso, mas em piso molhado a distância de travagem aumenta bastante a partir dos 3 mm. Verifique também a data de fabrico no flanco: ao fim de oito a dez anos a borracha envelheceu, mesmo que o pneu pareça pouco gasto.',
      'Em Portugal os pneus de inverno não são obrigatórios, e para o nosso clima os pneus de verão ou para todas as estações servem a maioria dos condutores. Se vai à Serra da Estrela ou ao estrangeiro na neve, leve correntes ou pneus de inverno.',
    ],
  },
  'service-and-warranty': {
    title: 'Manutenção e garantia: porque o livro de revisões conta',
    summary:
      'Cumprir o plano de manutenção do fabricante protege a garantia e o valor de revenda do seu carro.',
    body: [
      'Cada fabricante define um plano de manutenção: uma revisão a cada 15 000 a 30 000 km ou a cada um ou dois anos, conforme o modelo. Pode ser feita em qualquer oficina qualificada, não só na rede da marca, desde que se cumpra o plano com peças originais ou de qualidade equivalente.',
      'Guarde todas as faturas e mande carimbar o livro, em papel ou digital: é a primeira coisa que a garantia pede em caso de avaria, e um historial completo valoriza o carro na venda. Quanto à inspeção periódica, um ligeiro de passageiros faz a primeira aos quatro anos, depois de dois em dois anos até aos oito e, a partir daí, todos os anos.',
      'As nossas oficinas de pós-venda fazem a manutenção de todas as marcas que vendemos, segundo o plano e com as peças do fabricante, e lembram-no da próxima revisão.',
    ],
  },
};
