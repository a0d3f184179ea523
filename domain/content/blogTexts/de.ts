/**
 * The blog in German (Germany), and the Austrian edition: the same articles with Austria's inspection
 * (the "Pickerl") and winter tyre rules.
 */
import type { BlogTexts } from './BlogText.ts';

export const de: BlogTexts = {
  'used-car-checklist': {
    title: 'Gebrauchtwagen kaufen: Darauf sollten Sie achten',
    summary:
      'Papiere, Karosserie, Technik und Probefahrt: So kaufen Sie einen Gebrauchten ohne böse Überraschungen.',
    body: [
      'Beginnen Sie mit den Papieren. Das Serviceheft sollte zu den vom Hersteller vorgesehenen Terminen abgestempelt sein, und die Rechnungen müssen zum angezeigten Kilometerstand passen. Ein gleichmäßig steigender Kilometerstand von Inspektion zu Inspektion ist ein gutes Zeichen; eine Lücke von mehreren Jahren verdient eine Nachfrage.',
      'Gehen Sie dann bei Tageslicht um das Auto herum: ungleichmäßige Spaltmaße, leicht abweichende Farbtöne von Tür zu Tür, einseitig abgefahrene Reifen. Suchen Sie unter der Motorhaube nach Ölspuren und prüfen Sie den Kühlmittelstand.',
      'Fahren Sie das Auto schließlich mit kaltem Motor und auf unterschiedlichen Straßen: Startverhalten, Gangwechsel, Bremsen auf gerader Strecke, Geräusche der Vorderachse in Kurven. Bei uns wird jeder Gebrauchte an über 100 Punkten geprüft und mit mindestens 12 Monaten Garantie verkauft – inklusive Prüfbericht.',
    ],
  },
  'financing-loan-or-lease': {
    title: 'Autokredit oder Leasing: Was passt zu Ihnen?',
    summary:
      'Sofort Eigentümer werden oder nur für die Nutzung zahlen: beide Modelle, ihre Kosten und für wen sie sich eignen.',
    body: [
      'Mit einem klassischen Autokredit gehört Ihnen das Auto vom ersten Tag an. Die Raten sind höher, doch nach der letzten Rate ist alles bezahlt – ob Sie das Auto behalten oder verkaufen.',
      'Beim Leasing zahlen Sie für die Nutzung: nach einer optionalen Sonderzahlung niedrigere Monatsraten, und am Ende des Vertrags geben Sie das Auto zurück. Achten Sie auf die vereinbarte Laufleistung, denn jeder Mehrkilometer wird berechnet, und auf den Zustand bei der Rückgabe.',
      'Vergleichen Sie immer die Gesamtkosten: Summe der Raten, Anzahlung, Gebühren und beim Kredit den effektiven Jahreszins. Unsere Berater rechnen Ihnen beide Varianten für Ihr Wunschauto nebeneinander vor.',
    ],
  },
  'ev-home-charging': {
    title: 'Elektroauto zu Hause laden',
    summary: 'Haushaltssteckdose oder Wallbox: Wie lange das Laden dauert und welche Lösung sich lohnt.',
    body: [
      'Eine normale Haushaltssteckdose reicht für den Notfall, liefert aber nur rund 2 kW: Für einen 50-kWh-Akku brauchen Sie mehr als 20 Stunden. Für lange, regelmäßige Ladevorgänge ist sie nicht gemacht.',
      'Eine Wallbox mit 11 kW lädt denselben Akku in rund fünf Stunden, also bequem über Nacht, sofern das Auto dreiphasig laden kann. Die Installation gehört in die Hände eines Elektrofachbetriebs, mit eigener Zuleitung und passendem Fehlerstromschutz; Wallboxen bis 11 kW müssen beim Netzbetreiber angemeldet werden.',
      'Wer zeitgesteuert lädt oder einen günstigen Nachtstromtarif nutzt, spart zusätzlich. Auf langen Strecken laden Schnellladesäulen an der Autobahn den Akku je nach Modell in 20 bis 40 Minuten auf 80 %.',
    ],
  },
  'trade-in-value': {
    title: 'Inzahlungnahme: So erzielen Sie den besten Preis',
    summary:
      'Gepflegtes Serviceheft, vollständige Unterlagen, offen genannte Mängel: Was den Wert Ihres alten Autos wirklich steigert.',
    body: [
      'Die Bewertung beginnt beim Marktwert des Modells und berücksichtigt dann Kilometerstand, Zustand und Vorgeschichte. Ein lückenloses Serviceheft und die Rechnungen der letzten Reparaturen überzeugen den Gutachter und ersparen Ihnen einen Abschlag „zur Sicherheit“.',
      'Eine neue Lackierung lohnt sich vor der Begutachtung nicht, ein sauberer Innenraum, gereinigte Felgen und der Zweitschlüssel dagegen schon. Nennen Sie bekannte Mängel selbst: Der Gutachter findet sie ohnehin, und Offenheit beschleunigt das Angebot.',
      'An unseren Standorten ist die Begutachtung kostenlos und unser Angebot sieben Tage gültig. Sie können den Betrag direkt auf Ihr nächstes Auto anrechnen lassen oder per Überweisung erhalten.',
    ],
  },
  'ev-winter-range': {
    title: 'Elektroauto im Winter: Was mit der Reichweite passiert',
    summary:
      'Bei Kälte verliert ein Elektroauto einen Teil seiner Reichweite. Warum, wie viel – und wie Sie den Verlust begrenzen.',
    body: [
      'Kälte bremst die Chemie im Akku, und die Innenraumheizung zapft dieselbe Energie an wie der Antrieb. Je nach Modell und Strecke sinkt die Reichweite im Winter um 10 bis 30 %, auf vielen kurzen Fahrten auch mehr.',
      'Eine Wärmepumpe senkt den Verbrauch der Heizung deutlich. Ebenso hilfreich: den Innenraum vorheizen, solange das Auto noch an der Wallbox hängt, und unterwegs Sitz- und Lenkradheizung nutzen, die viel sparsamer sind als warme Luft.',
      'Auf der Autobahn bringt Tempo 110 statt 130 oft mehr Reichweite als jede Einstellung. In unseren Angeboten steht die Wärmepumpe in der Ausstattungsliste, wenn das Auto eine hat.',
    ],
  },
  'hybrid-or-plug-in': {
    title: 'Hybrid oder Plug-in-Hybrid: Welcher passt zu Ihnen?',
    summary:
      'Beide kombinieren Verbrenner und Elektromotor, aber für unterschiedliche Strecken. Ein Überblick nach Fahrprofil.',
    body: [
      'Der Vollhybrid lädt seinen kleinen Akku während der Fahrt, beim Bremsen und beim Rollen. Anschließen muss man nichts: Er spart vor allem in der Stadt, wo der Elektromotor oft allein fährt.',
      'Der Plug-in-Hybrid hat einen größeren Akku, der an der Steckdose geladen wird, und fährt 40 bis 80 km rein elektrisch. Ideal, wenn Sie täglich laden können und Ihre üblichen Wege in diese Reichweite passen; ohne regelmäßiges Laden verbraucht er wegen seines Gewichts mehr als ein Vollhybrid.',
      'Kurz gesagt: keine Lademöglichkeit zu Hause oder viel Autobahn – Vollhybrid; kurze Wege und einfaches Laden – Plug-in-Hybrid.',
    ],
  },
  'tyres-all-seasons': {
    title: 'Sommer-, Winter- oder Ganzjahresreifen?',
    summary: 'Die 7-Grad-Regel, die Mindestprofiltiefe und was Ganzjahresreifen taugen – kurz erklärt.',
    body: [
      'Unter etwa 7 °C wird die Gummimischung eines Sommerreifens hart und greift schlechter; ein Winterreifen bleibt weich und leitet Schnee und Wasser über seine Lamellen ab. Darüber ist es umgekehrt: Der Winterreifen verschleißt schneller und bremst schlechter.',
      'Gesetzlich vorgeschrieben sind 1,6 mm Profil, doch auf nasser Straße wird der Bremsweg schon ab 3 mm deutlich länger. Prüfen Sie auch das Herstellungsdatum auf der Reifenflanke: Nach acht bis zehn Jahren ist das Gummi gealtert, selbst wenn der Reifen kaum abgefahren aussieht.',
      'Ganzjahresreifen mit dem Alpine-Symbol (Bergpiktogramm mit Schneeflocke) sind ein guter Kompromiss für das Flachland. Bei Glatteis, Schnee oder Schneematsch gilt in Deutschland die situative Winterreifenpflicht: Dann sind nur Reifen mit diesem Symbol erlaubt.',
    ],
  },
  'service-and-warranty': {
    title: 'Wartung und Garantie: Warum das Serviceheft zählt',
    summary:
      'Wer den Wartungsplan des Herstellers einhält, schützt Garantie und Wiederverkaufswert seines Autos.',
    body: [
      'Jeder Hersteller legt einen Wartungsplan fest: eine Inspektion alle 15.000 bis 30.000 km oder alle ein bis zwei Jahre, je nach Modell. Sie darf in jeder qualifizierten Werkstatt erfolgen, nicht nur in der Markenwerkstatt, solange der Plan eingehalten und Original- oder gleichwertige Teile verwendet werden.',
      'Heben Sie alle Rechnungen auf und lassen Sie das Serviceheft – auf Papier oder digital – abstempeln: Im Garantiefall ist das die erste Frage, und beim Verkauf ist eine lückenlose Historie bares Geld wert. Zur Hauptuntersuchung muss ein Neuwagen erstmals nach drei Jahren, danach alle zwei Jahre.',
      'Unsere Werkstätten warten alle Marken, die wir verkaufen, nach Herstellervorgaben und mit Originalteilen, und erinnern Sie an den nächsten Termin.',
    ],
  },
};

export const at: BlogTexts = {
  ...de,
  'tyres-all-seasons': {
    ...de['tyres-all-seasons'],
    body: [
      de['tyres-all-seasons'].body[0]!,
      'Gesetzlich vorgeschrieben sind bei Sommerreifen 1,6 mm Profil, bei Winterreifen in Österreich mindestens 4 mm. Prüfen Sie auch das Herstellungsdatum auf der Reifenflanke: Nach acht bis zehn Jahren ist das Gummi gealtert, selbst wenn der Reifen kaum abgefahren aussieht.',
      'Vom 1. November bis 15. April gilt in Österreich die situative Winterreifenpflicht: Bei Schnee, Schneematsch oder Eis braucht Ihr Auto Winter- oder Ganzjahresreifen mit M+S-Kennzeichnung. Für Fahrten in die Berge sind echte Winterreifen die sicherere Wahl.',
    ],
  },
  'service-and-warranty': {
    ...de['service-and-warranty'],
    body: [
      de['service-and-warranty'].body[0]!,
      'Heben Sie alle Rechnungen auf und lassen Sie das Serviceheft abstempeln: Im Garantiefall ist das die erste Frage, und beim Verkauf ist eine lückenlose Historie bares Geld wert. Das „Pickerl“ nach § 57a ist drei Jahre nach der Erstzulassung fällig, dann nach zwei Jahren und danach jährlich.',
      de['service-and-warranty'].body[2]!,
    ],
  },
};
