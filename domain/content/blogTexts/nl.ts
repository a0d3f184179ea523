/** The blog in Dutch as written in Belgium (nl-BE): tweedehandswagen, keuring, renting, GSM. */
import type { BlogTexts } from './BlogText.ts';

export const nlBE: BlogTexts = {
  'used-car-checklist': {
    title: 'Een tweedehandswagen kopen: waar moet u op letten?',
    summary:
      'Papieren, koetswerk, techniek en proefrit: zo koopt u een tweedehandswagen zonder onaangename verrassingen.',
    body: [
      'Begin bij de papieren. Het onderhoudsboekje moet afgestempeld zijn op de tijdstippen die de constructeur voorschrijft, en de facturen moeten kloppen met de kilometerstand. Een kilometerstand die regelmatig oploopt van onderhoud tot onderhoud is een goed teken; een gat van enkele jaren verdient een vraag. Vraag ook het Car-Pass-attest, dat de kilometerstand bevestigt.',
      'Loop daarna bij daglicht rond de wagen: onregelmatige spleten tussen de koetswerkdelen, een iets andere kleur van deur tot deur, banden die aan één kant versleten zijn. Zoek onder de motorkap naar oliesporen en controleer het koelvloeistofpeil.',
      'Maak tot slot een proefrit met koude motor en over verschillende wegen: starten, schakelen, remmen in rechte lijn, geluiden van de vooras in bochten. Bij ons wordt elke tweedehandswagen op meer dan 100 punten gecontroleerd en verkocht met minstens 12 maanden garantie, inclusief controleverslag.',
    ],
  },
  'financing-loan-or-lease': {
    title: 'Autolening of renting: wat kiest u?',
    summary:
      'Meteen eigenaar worden of een maandelijkse huur betalen waarin bijna alles zit: de twee formules, hun kostprijs en voor wie ze passen.',
    body: [
      'Met een autolening op afbetaling bent u vanaf de eerste dag eigenaar van de wagen. De maandbedragen liggen hoger, maar zodra de lening is afbetaald, hoeft u niets meer te betalen, of u de wagen nu houdt of verkoopt.',
      'Bij renting (private lease) betaalt u twee tot vijf jaar lang een vaste maandelijkse huur, waarin onderhoud, verzekering en belastingen meestal inbegrepen zijn; daarna geeft u de wagen terug. Het aantal kilometers ligt vast in het contract en elke extra kilometer wordt aangerekend.',
      'Vergelijk altijd de totale kostprijs en het JKP van de lening, en kijk wat er echt in de rentingprijs zit. Onze adviseurs leggen beide simulaties naast elkaar voor de wagen die u interesseert.',
    ],
  },
  'ev-home-charging': {
    title: 'Een elektrische wagen thuis opladen',
    summary: 'Gewoon stopcontact of laadpaal: hoe lang het laden duurt en welke installatie u kiest.',
    body: [
      'Een gewoon stopcontact volstaat in nood, maar levert maar ongeveer 2 kW: voor een batterij van 50 kWh hebt u meer dan 20 uur nodig. Het is niet gemaakt voor lange, herhaalde laadbeurten.',
      'Een laadpaal (wallbox) van 7,4 kW laadt dezelfde batterij in één nacht op, in zeven à acht uur. Laat de installatie uitvoeren door een erkend elektricien, met een aparte kring en een aangepaste verliesstroomschakelaar; daarna moet ze door een erkend organisme gekeurd worden.',
      'Wie slim laadt op momenten dat stroom goedkoper is, bespaart op de factuur. Voor lange ritten laden snelladers langs de snelweg de batterij in 20 tot 40 minuten tot 80 % op, afhankelijk van het model.',
    ],
  },
  'trade-in-value': {
    title: 'Uw wagen inruilen: zo krijgt u de beste prijs',
    summary:
      'Onderhoud in orde, papieren klaar, gebreken gemeld: wat de waarde van uw oude wagen echt doet stijgen.',
    body: [
      'De schatting vertrekt van de marktwaarde van het model en houdt dan rekening met kilometerstand, staat en voorgeschiedenis. Een volledig onderhoudsboekje en de facturen van de laatste herstellingen stellen de expert gerust en voorkomen een afslag „voor de zekerheid”.',
      'Uw wagen laten overspuiten voor de inspectie heeft geen zin, maar een propere binnenkant, schone velgen en de reservesleutel maken wel het verschil. Meld zelf de gebreken die u kent: de expert vindt ze toch, en openheid versnelt het bod.',
      'In onze concessies is de inspectie gratis en blijft ons bod zeven dagen geldig. U kunt het rechtstreeks aftrekken van de prijs van uw volgende wagen of per overschrijving laten uitbetalen.',
    ],
  },
  'ev-winter-range': {
    title: 'Elektrische wagen: het rijbereik in de winter',
    summary:
      'Bij koud weer verliest een elektrische wagen een deel van zijn rijbereik. Waarom, hoeveel en hoe u dat beperkt.',
    body: [
      'Kou vertraagt de chemie in de batterij, en de verwarming van het interieur gebruikt dezelfde energie als de motor. Afhankelijk van het model en het traject daalt het rijbereik in de winter met 10 tot 30 %, meer bij veel korte ritten.',
      'Een warmtepomp verlaagt het verbruik van de verwarming sterk. Ook handig: het interieur voorverwarmen terwijl de wagen nog aan de laadpaal hangt, en onderweg de zetel- en stuurverwarming gebruiken, die veel zuiniger zijn dan warme lucht.',
      'Op de snelweg levert 110 km/u in plaats van 120 km/u vaak meer rijbereik op dan welke instelling ook. In onze advertenties staat de warmtepomp in de uitrustingslijst als de wagen er een heeft.',
    ],
  },
  'hybrid-or-plug-in': {
    title: 'Hybride of plug-inhybride: welke kiest u?',
    summary:
      'Beide combineren een verbrandingsmotor met een elektromotor, maar niet voor dezelfde ritten. Een overzicht volgens uw gebruik.',
    body: [
      'De gewone hybride laadt zijn kleine batterij tijdens het rijden op, bij het remmen en het uitbollen. Er hoeft niets aan de stekker: hij bespaart vooral in de stad, waar de elektromotor vaak alleen rijdt.',
      'De plug-inhybride heeft een grotere batterij die u aan het stopcontact oplaadt, en rijdt 40 tot 80 km volledig elektrisch. Ideaal als u elke dag kunt laden en uw gewone ritten binnen dat bereik blijven; zonder regelmatig laden verbruikt hij door zijn gewicht meer dan een gewone hybride.',
      'Kort samengevat: geen laadpunt thuis of veel snelweg, kies de hybride; korte ritten en makkelijk laden, de plug-inhybride.',
    ],
  },
  'tyres-all-seasons': {
    title: 'Zomer-, winter- of vierseizoenenbanden?',
    summary:
      'De 7-gradenregel, de minimale profieldiepte en wat vierseizoenenbanden waard zijn, in het kort.',
    body: [
      'Onder ongeveer 7 °C wordt het rubber van een zomerband hard en grijpt het minder; een winterband blijft soepel en voert sneeuw en water af via zijn lamellen. Daarboven is het omgekeerd: de winterband slijt sneller en remt minder goed.',
      'De wet vraagt minstens 1,6 mm profiel, maar op een nat wegdek wordt de remafstand al vanaf 3 mm duidelijk langer. Kijk ook naar de productiedatum op de flank: na acht tot tien jaar is het rubber verouderd, ook al lijkt de band weinig versleten.',
      'Vierseizoenenbanden met het symbool van de berg met drie toppen zijn een goed compromis voor onze zachte winters. Gaat u op wintersport, let dan op de regels van het land dat u bezoekt: verschillende buurlanden verplichten winterbanden bij winterse omstandigheden.',
    ],
  },
  'service-and-warranty': {
    title: 'Onderhoud en garantie: waarom het onderhoudsboekje telt',
    summary:
      'Wie het onderhoudsplan van de constructeur volgt, beschermt de garantie en de restwaarde van zijn wagen.',
    body: [
      'Elke constructeur legt een onderhoudsplan vast: een beurt om de 15.000 à 30.000 km of om de één à twee jaar, afhankelijk van het model. Dat mag in elke gekwalificeerde garage gebeuren, niet alleen bij het merk, zolang het plan wordt gevolgd met originele of gelijkwaardige onderdelen.',
      'Bewaar alle facturen en laat het onderhoudsboekje, op papier of digitaal, afstempelen: bij een defect vraagt de garantie daar eerst naar, en een volledige historiek levert geld op bij de verkoop. De autokeuring is verplicht vanaf vier jaar na de eerste inschrijving, daarna elk jaar.',
      'Onze werkplaatsen onderhouden alle merken die we verkopen, volgens het plan en met de onderdelen van de constructeur, en herinneren u aan de volgende beurt.',
    ],
  },
};
