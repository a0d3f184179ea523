/** The lead forms' and topic pages' words, Dutch (Belgium). */
import type { LeadMessages } from './fr.ts';

export const nlBELeads: LeadMessages = {
  required: 'Velden met een sterretje (*) zijn verplicht.',
  firstName: 'Voornaam',
  lastName: 'Achternaam',
  email: 'E-mailadres',
  phone: 'Telefoon',
  postcode: 'Postcode',
  postcodeHelp: 'Om u in contact te brengen met de concessie het dichtst bij u.',
  company: 'Bedrijf',
  message: 'Uw bericht',
  dealer: 'Concessie',
  chooseDealer: 'Kies een concessie',
  topic: 'Onderwerp',
  chooseTopic: 'Kies een onderwerp',
  consent:
    'Ik ga ermee akkoord dat mijn contactgegevens en mijn bericht aan de concessie worden doorgegeven om mijn vraag te beantwoorden. Ze dienen nergens anders voor en ik kan op elk moment vragen ze te wissen.',
  honeypot: 'Laat dit veld leeg',
  send: 'Verzenden',
  sending: 'Bezig met verzenden…',
  refused: 'Uw bericht is niet verzonden: verbeter de aangeduide velden.',
  rateLimited: 'Te veel berichten in korte tijd. Probeer het over enkele minuten opnieuw.',
  failed: 'Het verzenden is mislukt. Controleer uw verbinding en probeer opnieuw.',
  errors: {
    firstName: 'Vul uw voornaam in.',
    lastName: 'Vul uw achternaam in.',
    email: 'Vul een geldig e-mailadres in, bijvoorbeeld naam@voorbeeld.be.',
    phone: 'Vul een geldig telefoonnummer in (6 tot 15 cijfers).',
    postcode: 'Vul een geldige postcode van het land in.',
    message: 'Schrijf uw bericht (minstens 10, hoogstens 2000 tekens).',
    consent: 'Vink dit vakje aan zodat we uw bericht mogen doorgeven.',
    dealerId: 'Kies een concessie uit de lijst.',
    topic: 'Kies een onderwerp uit de lijst.',
    company: 'Vul de naam van het bedrijf in (hoogstens 120 tekens).',
  },
  titles: {
    car: 'Een vraag over deze auto?',
    brand: 'Een vraag over {{brand}}?',
    dealer: 'Deze concessie schrijven',
    hub: 'Een concessie in de regio schrijven',
    cee: 'Energiebesparingspremie aanvragen',
    contact: 'Schrijf ons',
    electric: 'Praat met een adviseur elektrische auto’s',
    faq: 'Geen antwoord gevonden?',
    finance: 'Een financieringsvoorstel aanvragen',
    warranty: 'Een vraag over de garantie?',
  },
  thanks: {
    title: 'Bedankt, uw bericht is verzonden',
    text: 'De concessie antwoordt u zo snel mogelijk, meestal binnen één werkdag. We hebben u een bevestiging per e-mail gestuurd.',
    home: 'Terug naar de startpagina',
    fix: 'Uw bericht is niet verzonden',
  },
  pages: {
    finance: {
      title: 'Uw auto financieren',
      description:
        'Klassieke lening of leasing met aankoopoptie: een duidelijk maandbedrag, een snel antwoord.',
      points: [
        'Autolening of leasing met aankoopoptie, van 12 tot 84 maanden.',
        'Een vrijblijvende simulatie op elke autopagina.',
        'Een principieel antwoord binnen 48 uur na het bekijken van uw dossier.',
      ],
    },
    warranty: {
      title: 'De garantie op onze auto’s',
      description: 'Elke tweedehandsauto heeft minstens 12 maanden garantie op onderdelen en werkuren.',
      points: [
        'Minstens 12 maanden garantie, verlengbaar tot 36 maanden.',
        'Geldig in al onze concessies en bij partnergarages.',
        '24 uur op 24 pechhulp tijdens de garantie.',
      ],
    },
    electric: {
      title: 'Overstappen op elektrisch',
      description: 'Rijbereik, laden, premies: onze adviseurs beantwoorden uw vragen.',
      points: [
        'Gecontroleerde elektrische en plug-inhybride auto’s, nieuw en tweedehands.',
        'Tips om thuis een laadpaal te plaatsen.',
        'De aankooppremies, uitgelegd voor uw situatie.',
      ],
      ceeTitle: 'Energiebesparingspremie',
      ceeText:
        'Energiebesparingsprogramma’s kunnen een deel van uw laadpaal of elektrische auto financieren. Vraag ons of u er recht op hebt.',
    },
  },
};
