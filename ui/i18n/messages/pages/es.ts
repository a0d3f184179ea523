/** Spanish (Spain) words of the content and account pages. */
import { plural } from '../../plural.ts';
import type { PageMessages } from './PageMessages.ts';

export const esPages: PageMessages = {
  blog: {
    title: 'Blog y consejos',
    description:
      'Comprar un usado, financiar el coche, cargar un eléctrico, mantenerlo: los consejos prácticos de nuestros expertos.',
    intro: 'Consejos concretos de nuestros expertos para elegir, financiar y mantener bien tu coche.',
    nav: 'Categorías del blog',
    all: 'Todos los artículos',
    category: {
      advice: 'Consejos de compra',
      electric: 'Eléctricos e híbridos',
      maintenance: 'Mantenimiento',
    },
    categoryIntro: {
      advice: 'Elegir bien el coche, financiarlo y entregar el antiguo.',
      electric: 'Recarga, autonomía y motorizaciones: todo para pasarse al eléctrico.',
      maintenance: 'Neumáticos, revisiones e ITV: tu coche siempre a punto.',
    },
    categoryTitle: 'Blog: {{category}}',
    readMore: 'Leer el artículo',
    asideTitle: 'Encuentra tu próximo coche',
    asideText: 'Miles de coches revisados y con garantía, con reserva online gratuita.',
    published: 'Publicado el {{date}}',
    articles: plural({
      one: '{{count}} artículo',
      many: '{{count}} de artículos',
      other: '{{count}} artículos',
    }),
  },
  images: {
    title: 'Fotos: {{name}}',
    description: '{{name}} en fotos: vista lateral, frontal y trasera.',
    view: { side: 'Vista lateral', front: 'Vista frontal', rear: 'Vista trasera' },
    open: 'Abrir la imagen a tamaño completo',
    allPhotos: 'Ver las fotos en grande',
    backToCar: 'Volver al anuncio',
    staffTitle: 'Fotos del vehículo {{reference}}',
    staffText: '{{name}} · {{dealer}}',
  },
  languageSwitch: {
    title: 'Elige tu país y tu idioma',
    description: 'Elige la web de tu país, en tu idioma.',
    intro: 'Nuestros coches, precios y concesionarios dependen del país: elige el tuyo.',
    group: { belgium: 'Bélgica', germanSpeaking: 'Alemania y Austria', all: 'Todos nuestros países' },
  },
  contact: {
    title: 'Contacta con nosotros',
    description:
      '¿Tienes una pregunta sobre un coche, una reserva o una compra? Llama a nuestro servicio de atención al cliente, escríbenos o visita un concesionario.',
    intro:
      'Nuestro servicio de atención al cliente responde a tus preguntas sobre nuestros coches, la reserva, la compra online y la tasación.',
    byPhone: 'Por teléfono',
    phoneHint: 'Precio de llamada local',
    byEmail: 'Por correo electrónico',
    emailHint: 'Respuesta en un día laborable',
    hours: 'Horario de atención al cliente',
    inDealer: 'En el concesionario',
    inDealerText: 'Nuestros asesores te atienden en nuestros concesionarios, con o sin cita previa.',
    findDealer: 'Buscar un concesionario',
    formTitle: 'Escríbenos',
    required: 'Los campos marcados con asterisco son obligatorios.',
    pending:
      'El envío online de este formulario estará disponible muy pronto. Mientras tanto, llámanos o escríbenos a {{email}}.',
    firstName: 'Nombre',
    lastName: 'Apellidos',
    email: 'Correo electrónico',
    phone: 'Teléfono',
    subject: 'Asunto',
    chooseSubject: 'Elige un asunto',
    subjects: {
      purchase: 'Compra de un coche',
      booking: 'Reserva',
      tradeIn: 'Tasación de mi coche',
      aftersales: 'Mantenimiento y garantía',
      general: 'Otra consulta',
    },
    message: 'Tu mensaje',
    consent: 'Acepto que mis datos se utilicen para atender mi solicitud.',
    send: 'Enviar',
  },
  b2b: {
    title: 'Empresas y flotas',
    description:
      'Coches para tu empresa: condiciones para empresas, un interlocutor único y recompra de tu flota. Contacta con nuestro equipo de empresas.',
    intro:
      'Un único interlocutor para equipar tu empresa, desde el primer coche de empresa hasta toda una flota.',
    benefit1Title: 'Condiciones para empresas',
    benefit1Text: 'Descuentos por volumen y facturas a nombre de tu empresa con el IVA desglosado.',
    benefit2Title: 'Un asesor dedicado',
    benefit2Text: 'Un solo contacto para pedidos, entregas y mantenimiento de tus vehículos.',
    benefit3Title: 'Recompra de tu flota',
    benefit3Text: 'Recompramos tus vehículos al final del contrato o cuando los renuevas.',
    team: 'Tu equipo de empresas',
    formTitle: 'Cuéntanos tu proyecto',
    company: 'Empresa',
    vatNumber: 'NIF',
    fleetSize: 'Tamaño de tu flota',
    chooseFleet: 'Elige un tamaño',
    fleet: {
      small: 'De 1 a 4 vehículos',
      medium: 'De 5 a 19 vehículos',
      large: 'De 20 a 99 vehículos',
      xlarge: '100 vehículos o más',
    },
    message: 'Tus necesidades (modelos, cantidades, plazos)',
  },
  aftersales: {
    title: 'Posventa: mantenimiento, garantía y reparaciones',
    description:
      'Mantenimiento según el plan del fabricante, garantía, neumáticos, carrocería e ITV en nuestros talleres. Pide cita en tu concesionario.',
    intro:
      'Nuestros talleres mantienen todas las marcas que vendemos, con recambios originales y según el plan del fabricante.',
    service1Title: 'Mantenimiento y revisión',
    service1Text:
      'Revisiones según el plan del fabricante, recambios originales, libro sellado y garantía intacta.',
    service2Title: 'Garantía',
    service2Text:
      'Al menos 12 meses en todos nuestros usados, piezas y mano de obra, en todos nuestros concesionarios.',
    service3Title: 'Neumáticos y alineación',
    service3Text:
      'Cambio de neumáticos de verano e invierno, guarda de tus ruedas y alineación de la dirección.',
    service4Title: 'Carrocería y lunas',
    service4Text:
      'Reparación de golpes e impactos en el parabrisas, con coche de sustitución con cita previa.',
    warrantyTitle: 'Qué cubre nuestra garantía',
    warrantyText:
      'Motor, caja de cambios, transmisión, dirección, frenos y sistema eléctrico: ante una avería cubierta, nos hacemos cargo de la reparación, piezas y mano de obra.',
    inspectionTitle: 'ITV',
    inspectionText:
      'Preparamos tu coche, lo llevamos a la ITV y nos ocupamos de la segunda inspección si hace falta.',
    ctaTitle: 'Pedir cita en el taller',
    ctaText: 'Elige tu concesionario para ver su horario y pedir cita.',
    cta: 'Buscar un concesionario',
    callUs: 'O llámanos al {{phone}}',
  },
  promotions: {
    staffPromos: 'Promociones del momento',
    validUntil: 'Hasta el {{date}}',
    title: 'Ofertas y oportunidades',
    description:
      'Nuestras mejores ofertas del momento, calculadas cada día sobre nuestro stock: usados al mejor precio, coches nuevos disponibles, eléctricos.',
    intro:
      'Selecciones calculadas de forma continua sobre nuestro stock real, con los precios del concesionario.',
    bestUsed: 'Usados al mejor precio',
    bestNew: 'Coches nuevos disponibles al mejor precio',
    electric: 'Eléctricos al mejor precio',
    lowMileage: 'Usados con menos de {{mileage}}',
    seeAll: 'Ver toda la selección',
    empty: 'No hay ningún coche en esta selección por ahora.',
  },
  account: {
    title: 'Mi cuenta',
  },
  favorites: {
    removeAll: 'Quitar todos',
    removeAllLabel: 'Quitar todos los coches de tus favoritos',
    title: 'Mis favoritos',
    description: 'Los coches que has guardado como favoritos, con su precio actual.',
    intro: 'Los coches que has guardado como favoritos, con su precio actual.',
    count: plural({
      one: '{{count}} favorito',
      many: '{{count}} de favoritos',
      other: '{{count}} favoritos',
    }),
    loading: 'Cargando tus favoritos…',
    empty: 'Todavía no tienes favoritos.',
    emptyHint: 'Guarda un coche como favorito desde su anuncio para encontrarlo aquí.',
    browse: 'Ver coches de segunda mano',
    add: 'Añadir a favoritos',
    added: 'En tus favoritos',
    remove: 'Quitar de favoritos',
    full: 'Ya tienes {{max}} favoritos: quita uno primero.',
    failed: 'No hemos podido guardar este favorito ahora mismo.',
  },
};
