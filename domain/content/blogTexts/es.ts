/** The blog in Spanish (Spain): the ITV, cadenas y neumáticos de invierno as Spanish drivers know them. */
import type { BlogTexts } from './BlogText.ts';

export const es: BlogTexts = {
  'used-car-checklist': {
    title: 'Comprar un coche de segunda mano: qué revisar',
    summary:
      'Documentación, carrocería, mecánica y prueba en carretera: nuestro método para comprar un usado sin sorpresas.',
    body: [
      'Empieza por los papeles. El libro de mantenimiento debe estar sellado en los plazos que marca el fabricante y las facturas deben cuadrar con el kilometraje que muestra el cuadro. Un kilometraje que sube de forma regular entre revisiones es buena señal; un hueco de varios años merece una pregunta.',
      'Después, rodea el coche con luz natural: separaciones irregulares entre piezas de carrocería, un tono algo distinto de una puerta a otra, neumáticos gastados solo por un lado. Bajo el capó, busca restos de aceite y comprueba el nivel del líquido refrigerante.',
      'Por último, prueba el coche con el motor en frío y por carreteras variadas: arranque, cambios de marcha, frenada en línea recta, ruidos del tren delantero en las curvas. En nuestros concesionarios, cada usado se revisa en más de 100 puntos y se vende con al menos 12 meses de garantía y su informe de revisión.',
    ],
  },
  'financing-loan-or-lease': {
    title: 'Préstamo o renting: ¿qué te conviene?',
    summary:
      'Ser propietario desde el primer día o pagar una cuota que lo incluye casi todo: las dos fórmulas, su coste y para quién son.',
    body: [
      'Con un préstamo para coche, el vehículo es tuyo desde el primer día. Las cuotas son más altas, pero una vez devuelto el préstamo no queda nada por pagar, tanto si te quedas el coche como si lo vendes.',
      'El renting es un alquiler a largo plazo: una cuota mensual fija que suele incluir mantenimiento, seguro e impuestos, durante dos a cinco años, y al final devuelves el coche. El kilometraje se pacta en el contrato y cada kilómetro de más se cobra.',
      'Para comparar, fíjate siempre en el coste total: suma de cuotas, entrada, comisiones y, en el préstamo, la TAE. Nuestros asesores te muestran las dos simulaciones una al lado de otra para el coche que te interesa.',
    ],
  },
  'ev-home-charging': {
    title: 'Cargar un coche eléctrico en casa',
    summary: 'Enchufe doméstico o punto de recarga: cuánto tarda una carga y qué instalación elegir.',
    body: [
      'Un enchufe doméstico normal sirve para salir del paso, pero solo entrega unos 2 kW: para llenar una batería de 50 kWh necesitarás más de 20 horas. No está pensado para cargas largas y repetidas.',
      'Un punto de recarga de pared (wallbox) de 7,4 kW carga la misma batería en una noche, en siete u ocho horas. La instalación debe hacerla un instalador autorizado, con una línea propia y la protección diferencial adecuada; en un garaje comunitario basta con comunicarlo a la comunidad de propietarios.',
      'Programar la carga en las horas valle abarata la factura. En los viajes largos, los cargadores rápidos de las autovías devuelven el 80 % de la batería en 20 a 40 minutos, según el modelo.',
    ],
  },
  'trade-in-value': {
    title: 'Entregar tu coche: cómo conseguir la mejor tasación',
    summary:
      'Mantenimiento al día, documentación preparada y defectos a la vista: lo que de verdad sube el valor de tu coche usado.',
    body: [
      'La tasación parte del valor de mercado del modelo y tiene en cuenta el kilometraje, el estado y el historial. Un libro de mantenimiento completo y las facturas de las últimas reparaciones dan confianza al tasador y evitan una rebaja «por si acaso».',
      'No hace falta pintar el coche antes de la inspección, pero un interior limpio, las llantas limpias y la segunda llave marcan la diferencia. Menciona tú mismo los defectos que conozcas: el tasador los encontrará de todos modos, y la transparencia agiliza la oferta.',
      'En nuestros concesionarios la inspección es gratuita y la oferta es válida durante siete días. Puedes descontarla directamente del precio de tu próximo coche o cobrarla por transferencia.',
    ],
  },
  'ev-winter-range': {
    title: 'Coche eléctrico: la autonomía en invierno',
    summary:
      'Con el frío, un coche eléctrico pierde parte de su autonomía. Por qué, cuánto y cómo reducir la pérdida.',
    body: [
      'El frío ralentiza la química de la batería, y la calefacción del habitáculo tira de la misma energía que el motor. Según el modelo y el trayecto, la autonomía baja entre un 10 y un 30 % en invierno, y más en trayectos cortos y repetidos.',
      'Una bomba de calor reduce mucho el consumo de la calefacción. Otro buen hábito: climatizar el habitáculo mientras el coche sigue enchufado y usar los asientos y el volante calefactados, que gastan mucho menos que el aire caliente.',
      'En autovía, ir a 110 km/h en lugar de 120 km/h suele dar más autonomía que cualquier ajuste. En nuestros anuncios, la bomba de calor aparece en la lista de equipamiento cuando el coche la lleva.',
    ],
  },
  'hybrid-or-plug-in': {
    title: 'Híbrido o híbrido enchufable: ¿cuál elegir?',
    summary:
      'Los dos combinan un motor de combustión y uno eléctrico, pero no para los mismos trayectos. Te lo explicamos según tu uso.',
    body: [
      'El híbrido convencional recarga su pequeña batería mientras circula, al frenar y al desacelerar. No hay que enchufarlo: ahorra sobre todo en ciudad, donde el motor eléctrico toma a menudo el relevo.',
      'El híbrido enchufable lleva una batería mayor, que se carga en un enchufe, y recorre entre 40 y 80 km en modo eléctrico, con la etiqueta CERO de la DGT. Es ideal si puedes cargarlo cada día y tus trayectos habituales caben en esa autonomía; sin carga regular, su peso le hace gastar más que un híbrido convencional.',
      'En resumen: sin enchufe en casa o con mucha autovía, híbrido; trayectos cortos y carga fácil, híbrido enchufable.',
    ],
  },
  'tyres-all-seasons': {
    title: '¿Neumáticos de verano, de invierno o todo tiempo?',
    summary:
      'La regla de los 7 °C, la profundidad mínima del dibujo y qué ofrecen los neumáticos todo tiempo.',
    body: [
      'Por debajo de unos 7 °C, la goma de un neumático de verano se endurece y agarra menos; uno de invierno sigue siendo flexible y sus laminillas evacuan nieve y agua. Por encima de esa temperatura ocurre lo contrario: el de invierno se gasta antes y frena peor.',
      'La ley exige al menos 1,6 mm de dibujo, pero la distancia de frenado sobre mojado aumenta claramente a partir de 3 mm. Mira también la fecha de fabricación en el flanco: a partir de los ocho o diez años la goma ha envejecido, aunque el neumático parezca poco gastado.',
      'Los neumáticos todo tiempo con el símbolo de la montaña de tres picos son un buen término medio si circulas sobre todo por zonas templadas. Cuando la señal lo indica en puertos de montaña, hay que llevar cadenas o neumáticos de invierno.',
    ],
  },
  'service-and-warranty': {
    title: 'Mantenimiento y garantía: por qué importa el libro de revisiones',
    summary:
      'Seguir el plan de mantenimiento del fabricante protege la garantía y el valor de reventa de tu coche.',
    body: [
      'Cada fabricante fija un plan de mantenimiento: una revisión cada 15.000 a 30.000 km o cada uno o dos años, según el modelo. Puede hacerse en cualquier taller cualificado, no solo en la red de la marca, siempre que se siga el plan con piezas originales o de calidad equivalente.',
      'Guarda todas las facturas y haz sellar el libro, en papel o digital: es lo primero que pide la garantía ante una avería, y un historial completo se paga al vender. En cuanto a la ITV, un turismo la pasa por primera vez a los cuatro años, cada dos años hasta los diez y después cada año.',
      'Nuestros talleres de posventa mantienen todas las marcas que vendemos, con el plan y las piezas del fabricante, y te avisan de la próxima revisión.',
    ],
  },
};
