/** The lead forms' and topic pages' words, Spanish (Spain). */
import type { LeadMessages } from './fr.ts';

export const esLeads: LeadMessages = {
  required: 'Los campos marcados con un asterisco (*) son obligatorios.',
  firstName: 'Nombre',
  lastName: 'Apellidos',
  email: 'Correo electrónico',
  phone: 'Teléfono',
  postcode: 'Código postal',
  postcodeHelp: 'Para ponerle en contacto con el concesionario más cercano.',
  company: 'Empresa',
  message: 'Su mensaje',
  dealer: 'Concesionario',
  chooseDealer: 'Elija un concesionario',
  topic: 'Asunto',
  chooseTopic: 'Elija un asunto',
  consent:
    'Acepto que mis datos de contacto y mi mensaje se envíen al concesionario para responder a mi solicitud. No se usan para nada más y puedo pedir que se borren en cualquier momento.',
  honeypot: 'Deje este campo vacío',
  send: 'Enviar',
  sending: 'Enviando…',
  refused: 'Su mensaje no se ha enviado: corrija los campos señalados.',
  rateLimited: 'Demasiados envíos en poco tiempo. Vuelva a intentarlo en unos minutos.',
  failed: 'El envío ha fallado. Compruebe su conexión e inténtelo de nuevo.',
  errors: {
    firstName: 'Indique su nombre.',
    lastName: 'Indique sus apellidos.',
    email: 'Indique un correo electrónico válido, por ejemplo nombre@ejemplo.es.',
    phone: 'Indique un teléfono válido (de 6 a 15 cifras).',
    postcode: 'Indique un código postal válido del país.',
    message: 'Escriba su mensaje (10 caracteres como mínimo, 2000 como máximo).',
    consent: 'Marque esta casilla para que podamos enviar su mensaje.',
    dealerId: 'Elija un concesionario de la lista.',
    topic: 'Elija un asunto de la lista.',
    company: 'Indique el nombre de la empresa (120 caracteres como máximo).',
  },
  titles: {
    car: '¿Una pregunta sobre este coche?',
    brand: '¿Una pregunta sobre {{brand}}?',
    dealer: 'Escribir a este concesionario',
    hub: 'Escribir a un concesionario de la región',
    cee: 'Solicitar la ayuda por ahorro energético',
    contact: 'Escríbanos',
    electric: 'Hablar con un asesor de coches eléctricos',
    faq: '¿No ha encontrado su respuesta?',
    finance: 'Solicitar un estudio de financiación',
    warranty: '¿Una pregunta sobre la garantía?',
  },
  thanks: {
    title: 'Gracias, su mensaje se ha enviado',
    text: 'El concesionario le responderá lo antes posible, normalmente en un día laborable. Le hemos enviado una confirmación por correo electrónico.',
    home: 'Volver al inicio',
    fix: 'Su mensaje no se ha enviado',
  },
  pages: {
    finance: {
      title: 'Financiar su coche',
      description: 'Préstamo clásico o renting con opción de compra: una cuota clara y una respuesta rápida.',
      points: [
        'Préstamo o renting con opción de compra, de 12 a 84 meses.',
        'Una simulación sin compromiso en la ficha de cada coche.',
        'Una respuesta de principio en 48 horas tras estudiar su solicitud.',
      ],
    },
    warranty: {
      title: 'La garantía de nuestros coches',
      description: 'Cada coche de ocasión tiene al menos 12 meses de garantía en piezas y mano de obra.',
      points: [
        'Al menos 12 meses de garantía, ampliable hasta 36 meses.',
        'Válida en toda nuestra red de concesionarios y en talleres asociados.',
        'Asistencia 24 horas en caso de avería durante la garantía.',
      ],
    },
    electric: {
      title: 'Pásese al eléctrico',
      description: 'Autonomía, recarga, ayudas a la compra: nuestros asesores responden a sus preguntas.',
      points: [
        'Coches eléctricos e híbridos enchufables, nuevos y de ocasión, revisados.',
        'Consejos para instalar un punto de recarga en casa.',
        'Las ayudas a la compra, explicadas para su caso.',
      ],
      ceeTitle: 'Ayudas por ahorro energético',
      ceeText:
        'Los programas de ahorro energético pueden financiar parte de su punto de recarga o de su coche eléctrico. Pregúntenos si tiene derecho.',
    },
  },
};
