/** The booking screens' words (de): the French reference's shape (fr.ts). */
import type { BookingMessages } from './fr.ts';

export const deBooking: BookingMessages = {
  title: 'Dieses Fahrzeug reservieren',
  description:
    'Reservieren Sie dieses Fahrzeug online: Wir halten es für Sie frei, bis Sie sich entschieden haben.',
  steps: {
    label: 'Schritte Ihrer Reservierung',
    done: 'erledigt',
    current: 'aktueller Schritt',
    names: {
      form: 'Fahrzeug',
      contact: 'Kontaktdaten',
      deposit: 'Anzahlung',
      outcome: 'Reservierung',
    },
  },
  summary: {
    title: 'Ihre Reservierung',
    carPrice: 'Fahrzeugpreis',
    deposit: 'Erstattbare Anzahlung',
    free: 'Reservierung',
    freeValue: 'Kostenlos',
    depositPaid: 'Anzahlung bezahlt',
    heldUntil: 'Für Sie reserviert bis zum {{time}}',
  },
  terms: {
    title: 'Was die Reservierung umfasst',
    free: 'Die Online-Reservierung ist kostenlos und unverbindlich.',
    freeHold:
      'Das Fahrzeug ist {{hours}} lang für Sie reserviert: In dieser Zeit kann es niemand sonst reservieren oder kaufen.',
    deposit: 'Für die Reservierung zahlen Sie online eine erstattbare Anzahlung von {{deposit}}.',
    depositHold:
      'Wir halten das Fahrzeug {{minutes}} lang für die Zahlung frei, nach Eingang der Anzahlung {{hours}} lang.',
    refund:
      'Die Anzahlung erhalten Sie vollständig zurück, wenn Sie stornieren oder die Reservierung abläuft; kaufen Sie das Fahrzeug, wird sie auf Ihre Kaufanzahlung angerechnet.',
    limit: 'Sie können bis zu {{limit}} Reservierungen gleichzeitig haben.',
    faq: 'Häufige Fragen zur Reservierung',
  },
  form: {
    required: 'Mit einem Sternchen (*) gekennzeichnete Felder sind Pflichtfelder.',
    refused: 'Ihre Eingaben wurden nicht gespeichert: Bitte korrigieren Sie die markierten Felder.',
    invalid: 'Bitte prüfen Sie dieses Feld.',
    signInRefused: 'E-Mail-Adresse oder Passwort ist falsch.',
  },
  start: {
    title: 'Reservieren Sie dieses Fahrzeug online',
    free: 'Reservieren Sie es kostenlos: Wir halten es {{hours}} lang für Sie frei, damit Sie in Ruhe entscheiden können.',
    deposit:
      'Reservieren Sie es mit einer erstattbaren Anzahlung von {{deposit}}: Wir halten es {{hours}} lang für Sie frei, damit Sie in Ruhe entscheiden können.',
    submit: 'Fahrzeug reservieren',
    buying: 'Sie kaufen dieses Fahrzeug bereits: Setzen Sie Ihren Kauf dort fort, wo Sie aufgehört haben.',
    reserved: 'Dieses Fahrzeug ist bereits von einem anderen Kunden reserviert.',
    sold: 'Dieses Fahrzeug ist verkauft.',
    withdrawn: 'Dieses Fahrzeug steht nicht mehr zum Verkauf.',
    search: 'Weitere Fahrzeuge ansehen',
    backToCar: 'Zum Fahrzeug',
  },
  contact: {
    intro:
      'Geben Sie Ihre E-Mail-Adresse ein: Haben Sie ein Konto, melden Sie sich an; sonst legen Sie in wenigen Sekunden eines an.',
    email: 'Ihre E-Mail-Adresse',
    check: 'Weiter',
    signInText:
      'Für diese Adresse gibt es bereits ein Konto: Melden Sie sich an, um Ihre Reservierung zu bestätigen.',
    signUpText:
      'Erstellen Sie Ihr Konto, um Ihre Reservierung zu bestätigen: Damit können Sie sie online verfolgen und stornieren.',
    password: 'Passwort',
    newPassword: 'Wählen Sie ein Passwort (mindestens 8 Zeichen)',
    firstName: 'Vorname',
    lastName: 'Nachname',
    terms: 'Ich akzeptiere die Nutzungsbedingungen',
    marketing: 'Ich möchte Angebote und Neuigkeiten per E-Mail erhalten',
    signIn: 'Anmelden',
    signUp: 'Konto erstellen',
    otherEmail: 'Eine andere E-Mail-Adresse verwenden',
    signedIn: 'Ihr Konto ist bereit: Bestätigen Sie jetzt Ihre Reservierung.',
    confirm: 'Reservierung bestätigen',
    holding: 'Ihre Reservierung konnte nicht abgeschlossen werden: Bitte versuchen Sie es erneut.',
    retry: 'Erneut versuchen',
  },
  deposit: {
    text: 'Zahlen Sie die Anzahlung von {{deposit}}, um Ihre Reservierung zu bestätigen. Für die Zahlung halten wir das Fahrzeug bis zum {{time}} für Sie frei.',
    secure:
      'Sie zahlen auf der sicheren Seite unseres Zahlungsdienstleisters und kehren danach hierher zurück.',
    pay: '{{amount}} bezahlen',
    paying:
      'Ihre Zahlung wird gerade von unserem Zahlungsdienstleister bearbeitet: Diese Seite zeigt Ihre Reservierung, sobald er antwortet.',
    refresh: 'Seite aktualisieren',
  },
  ok: {
    title: 'Ihre Reservierung ist bestätigt',
    heldUntil: 'Das Fahrzeug ist bis zum {{time}} für Sie reserviert.',
    depositPaid:
      'Anzahlung bezahlt: {{amount}}. Stornieren Sie, erhalten Sie sie zurück; kaufen Sie das Fahrzeug, wird sie auf Ihre Kaufanzahlung angerechnet.',
    buyTitle: 'Online kaufen',
    buyText: 'Kaufen Sie das Fahrzeug, bevor Ihre Reservierung endet: Sie geht in Ihren Kauf über.',
    buy: 'Dieses Fahrzeug kaufen',
    convertedTitle: 'Sie kaufen dieses Fahrzeug',
    convertedText:
      'Ihre Reservierung ist in Ihren Kauf übergegangen: Setzen Sie ihn dort fort, wo Sie aufgehört haben.',
    purchase: 'Kauf fortsetzen',
  },
  ko: {
    takenTitle: 'Dieses Fahrzeug ist nicht mehr verfügbar',
    held: 'Ein anderer Kunde hat es kurz vor Ihnen reserviert oder gekauft.',
    sold: 'Es wurde gerade verkauft.',
    withdrawn: 'Es steht nicht mehr zum Verkauf.',
    expiredTitle: 'Ihre Reservierung ist abgelaufen',
    expired: 'Die Reservierungsfrist ist vorbei: Das Fahrzeug ist wieder im Verkauf.',
    cancelledTitle: 'Ihre Reservierung ist storniert',
    cancelledByBuyer: 'Sie haben Ihre Reservierung storniert: Das Fahrzeug ist wieder im Verkauf.',
    cancelledByStaff: 'Unser Team hat Ihre Reservierung storniert: Das Fahrzeug ist wieder im Verkauf.',
    refunded: 'Ihre Anzahlung von {{amount}} wird Ihnen erstattet.',
  },
  paymentKo: {
    title: 'Die Zahlung ist nicht zustande gekommen',
    text: 'Es wurde nichts abgebucht. Sie können erneut bezahlen, solange das Fahrzeug für Sie freigehalten wird, bis zum {{time}}.',
    retry: '{{amount}} erneut bezahlen',
  },
  limit: {
    title: 'Sie haben die Höchstzahl laufender Reservierungen erreicht',
    text: 'Sie können bis zu {{limit}} Reservierungen gleichzeitig haben: Stornieren Sie eine davon, um dieses Fahrzeug zu reservieren.',
    yours: 'Ihre laufenden Reservierungen',
    view: 'Reservierung ansehen',
    cancel: 'Diese Reservierung stornieren',
    free: 'Sie können dieses Fahrzeug jetzt reservieren.',
  },
  cancel: {
    title: 'Reservierung stornieren',
    text: 'Das Fahrzeug wird wieder zum Verkauf angeboten.',
    refund: 'Ihre Anzahlung von {{amount}} wird Ihnen erstattet.',
    reason: 'Grund',
    reasons: {
      changed_mind: 'Anders entschieden',
      bought_elsewhere: 'Ich habe ein anderes Fahrzeug gekauft',
      other: 'Anderer Grund',
    },
    submit: 'Reservierung stornieren',
  },
};
