/** The lead forms' and topic pages' words, German (Germany). */
import type { LeadMessages } from './fr.ts';

export const deLeads: LeadMessages = {
  required: 'Mit einem Sternchen (*) markierte Felder sind Pflichtfelder.',
  firstName: 'Vorname',
  lastName: 'Nachname',
  email: 'E-Mail-Adresse',
  phone: 'Telefon',
  postcode: 'Postleitzahl',
  postcodeHelp: 'Damit wir Sie mit dem nächstgelegenen Standort verbinden können.',
  company: 'Unternehmen',
  message: 'Ihre Nachricht',
  dealer: 'Standort',
  chooseDealer: 'Standort wählen',
  topic: 'Thema',
  chooseTopic: 'Thema wählen',
  consent:
    'Ich bin einverstanden, dass meine Kontaktdaten und meine Nachricht an den Standort weitergegeben werden, um meine Anfrage zu beantworten. Sie werden für nichts anderes verwendet, und ich kann jederzeit ihre Löschung verlangen.',
  honeypot: 'Dieses Feld bitte leer lassen',
  send: 'Senden',
  sending: 'Wird gesendet…',
  refused: 'Ihre Nachricht wurde nicht gesendet: Bitte korrigieren Sie die markierten Felder.',
  rateLimited: 'Zu viele Anfragen in kurzer Zeit. Bitte versuchen Sie es in einigen Minuten erneut.',
  failed: 'Das Senden ist fehlgeschlagen. Prüfen Sie Ihre Verbindung und versuchen Sie es erneut.',
  errors: {
    firstName: 'Bitte geben Sie Ihren Vornamen an.',
    lastName: 'Bitte geben Sie Ihren Nachnamen an.',
    email: 'Bitte geben Sie eine gültige E-Mail-Adresse an, z. B. name@beispiel.de.',
    phone: 'Bitte geben Sie eine gültige Telefonnummer an (6 bis 15 Ziffern).',
    postcode: 'Bitte geben Sie eine gültige Postleitzahl des Landes an.',
    message: 'Bitte schreiben Sie Ihre Nachricht (mindestens 10, höchstens 2000 Zeichen).',
    consent: 'Bitte setzen Sie das Häkchen, damit wir Ihre Nachricht weitergeben dürfen.',
    dealerId: 'Bitte wählen Sie einen Standort aus der Liste.',
    topic: 'Bitte wählen Sie ein Thema aus der Liste.',
    company: 'Bitte geben Sie den Namen des Unternehmens an (höchstens 120 Zeichen).',
  },
  titles: {
    car: 'Eine Frage zu diesem Fahrzeug?',
    brand: 'Eine Frage zu {{brand}}?',
    dealer: 'Diesem Standort schreiben',
    hub: 'Einem Standort der Region schreiben',
    cee: 'Energiesparprämie anfragen',
    contact: 'Schreiben Sie uns',
    electric: 'Mit einem Elektroauto-Berater sprechen',
    faq: 'Keine Antwort gefunden?',
    finance: 'Finanzierungsangebot anfragen',
    warranty: 'Eine Frage zur Garantie?',
  },
  thanks: {
    title: 'Vielen Dank, Ihre Nachricht wurde gesendet',
    text: 'Der Standort antwortet Ihnen so schnell wie möglich, meist innerhalb eines Werktags. Eine Bestätigung haben wir Ihnen per E-Mail geschickt.',
    home: 'Zur Startseite',
    fix: 'Ihre Nachricht wurde nicht gesendet',
  },
  pages: {
    finance: {
      title: 'Ihr Auto finanzieren',
      description:
        'Klassischer Kredit oder Leasing mit Kaufoption: eine klare Monatsrate, eine schnelle Antwort.',
      points: [
        'Autokredit oder Leasing mit Kaufoption, von 12 bis 84 Monaten.',
        'Eine unverbindliche Berechnung auf jeder Fahrzeugseite.',
        'Eine Grundsatzentscheidung innerhalb von 48 Stunden nach Prüfung Ihrer Unterlagen.',
      ],
    },
    warranty: {
      title: 'Die Garantie unserer Fahrzeuge',
      description: 'Jeder Gebrauchtwagen hat mindestens 12 Monate Garantie auf Teile und Arbeit.',
      points: [
        'Mindestens 12 Monate Garantie, verlängerbar auf bis zu 36 Monate.',
        'Gültig an allen unseren Standorten und bei Partnerwerkstätten.',
        '24-Stunden-Pannenhilfe während der Garantie.',
      ],
    },
    electric: {
      title: 'Umsteigen auf Elektro',
      description: 'Reichweite, Laden, Förderung: Unsere Berater beantworten Ihre Fragen.',
      points: [
        'Geprüfte Elektro- und Plug-in-Hybridfahrzeuge, neu und gebraucht.',
        'Tipps zur Installation einer Wallbox zu Hause.',
        'Förderungen beim Kauf, für Ihre Situation erklärt.',
      ],
      ceeTitle: 'Energiesparprämie',
      ceeText:
        'Energiesparprogramme können einen Teil Ihrer Wallbox oder Ihres Elektroautos finanzieren. Fragen Sie uns, ob Sie Anspruch darauf haben.',
    },
  },
};
