/** The blog in Italian (Italy): revisione, obbligo invernale and the other Italian rules where they matter. */
import type { BlogTexts } from './BlogText.ts';

export const it: BlogTexts = {
  'used-car-checklist': {
    title: 'Comprare un’auto usata: cosa controllare',
    summary:
      'Documenti, carrozzeria, meccanica e prova su strada: il nostro metodo per comprare un’usata senza brutte sorprese.',
    body: [
      'Parti dai documenti. Il libretto dei tagliandi deve essere timbrato alle scadenze previste dalla casa e le fatture devono corrispondere ai chilometri indicati. Un chilometraggio che cresce in modo regolare da un tagliando all’altro è un buon segno; un vuoto di qualche anno merita una domanda.',
      'Poi fai il giro dell’auto alla luce del giorno: fessure irregolari tra i pannelli, una tinta leggermente diversa da una portiera all’altra, pneumatici consumati da un solo lato. Sotto il cofano cerca tracce d’olio e controlla il livello del liquido di raffreddamento.',
      'Infine prova l’auto a motore freddo e su strade diverse: avviamento, cambi di marcia, frenata in rettilineo, rumori dell’avantreno in curva. Da noi ogni usato è controllato su oltre 100 punti e venduto con almeno 12 mesi di garanzia, con il rapporto di controllo.',
    ],
  },
  'financing-loan-or-lease': {
    title: 'Finanziamento o noleggio a lungo termine?',
    summary:
      'Diventare subito proprietari o pagare un canone che comprende quasi tutto: le due formule, i loro costi e a chi convengono.',
    body: [
      'Con un finanziamento l’auto è tua dal primo giorno. Le rate sono più alte, ma una volta rimborsato il prestito non resta nulla da pagare, che tu tenga l’auto o la rivenda.',
      'Il noleggio a lungo termine prevede un canone mensile fisso che di solito comprende manutenzione, assicurazione e bollo, per due-cinque anni; alla fine restituisci l’auto. I chilometri sono fissati nel contratto e ogni chilometro in più si paga.',
      'Per confrontare, guarda sempre il costo totale: somma delle rate, anticipo, spese di istruttoria e, nel finanziamento, il TAEG. I nostri consulenti ti mostrano le due simulazioni fianco a fianco per l’auto che ti interessa.',
    ],
  },
  'ev-home-charging': {
    title: 'Ricaricare l’auto elettrica a casa',
    summary: 'Presa domestica o wallbox: quanto dura una ricarica e quale impianto scegliere.',
    body: [
      'Una normale presa domestica basta in caso di necessità, ma eroga solo circa 2 kW: per riempire una batteria da 50 kWh servono più di 20 ore. Con il contatore di casa da 3 kW, inoltre, la ricarica convive a fatica con gli elettrodomestici.',
      'Una wallbox da 7,4 kW ricarica la stessa batteria in una notte, in sette-otto ore, ma richiede in genere di aumentare la potenza del contatore. L’impianto va affidato a un installatore abilitato, con linea dedicata e protezione differenziale adeguata, che rilascia la dichiarazione di conformità.',
      'Programmare la ricarica nelle fasce orarie più convenienti riduce la bolletta. Nei viaggi lunghi, le colonnine veloci in autostrada riportano la batteria all’80 % in 20-40 minuti, a seconda del modello.',
    ],
  },
  'trade-in-value': {
    title: 'Permuta dell’auto: come ottenere la migliore valutazione',
    summary:
      'Tagliandi in regola, documenti pronti, difetti dichiarati: ciò che fa davvero salire la valutazione della tua auto.',
    body: [
      'La valutazione parte dalla quotazione del modello e tiene conto di chilometri, stato e storia dell’auto. Un libretto dei tagliandi completo e le fatture degli ultimi interventi rassicurano il perito ed evitano un ribasso «per prudenza».',
      'Non serve riverniciare prima della perizia, ma interni puliti, cerchi lavati e la seconda chiave fanno la differenza. Segnala tu i difetti che conosci: il perito li troverà comunque, e la trasparenza accelera l’offerta.',
      'Nelle nostre concessionarie la perizia è gratuita e la nostra offerta resta valida sette giorni. Puoi scalarla direttamente dal prezzo della prossima auto o riceverla con bonifico.',
    ],
  },
  'ev-winter-range': {
    title: 'Auto elettrica: l’autonomia d’inverno',
    summary:
      'Con il freddo un’auto elettrica perde parte della sua autonomia. Perché, quanto e come limitare la perdita.',
    body: [
      'Il freddo rallenta la chimica della batteria, e il riscaldamento dell’abitacolo attinge alla stessa energia del motore. A seconda del modello e del percorso, d’inverno l’autonomia cala dal 10 al 30 %, di più su tragitti brevi e ripetuti.',
      'Una pompa di calore riduce molto il consumo del riscaldamento. Altra buona abitudine: preriscaldare l’abitacolo mentre l’auto è ancora collegata e usare sedili e volante riscaldati, molto più parsimoniosi dell’aria calda.',
      'In autostrada, viaggiare a 110 km/h invece di 130 km/h fa spesso guadagnare più autonomia di qualsiasi impostazione. Nei nostri annunci la pompa di calore compare tra gli equipaggiamenti quando l’auto ne è dotata.',
    ],
  },
  'hybrid-or-plug-in': {
    title: 'Ibrida o ibrida plug-in: quale scegliere?',
    summary:
      'Entrambe uniscono un motore termico e uno elettrico, ma non per gli stessi percorsi. Facciamo il punto in base al tuo uso.',
    body: [
      'L’ibrida «full» ricarica la sua piccola batteria durante la marcia, in frenata e in rilascio. Non c’è nulla da collegare: fa risparmiare soprattutto in città, dove il motore elettrico lavora spesso da solo.',
      'L’ibrida plug-in ha una batteria più grande, da ricaricare alla presa, e percorre da 40 a 80 km in elettrico. È ideale se puoi ricaricarla ogni giorno e i tuoi tragitti abituali rientrano in questa autonomia; senza ricariche regolari, il suo peso la fa consumare più di un’ibrida tradizionale.',
      'In sintesi: niente presa a casa o molta autostrada, scegli l’ibrida; tragitti brevi e ricarica facile, l’ibrida plug-in.',
    ],
  },
  'tyres-all-seasons': {
    title: 'Pneumatici estivi, invernali o quattro stagioni?',
    summary: 'La regola dei 7 °C, lo spessore minimo del battistrada e cosa valgono i pneumatici all season.',
    body: [
      'Sotto i 7 °C circa, la mescola di un pneumatico estivo si indurisce e aderisce meno; un invernale resta morbido e le sue lamelle smaltiscono neve e acqua. Sopra quella temperatura vale il contrario: l’invernale si consuma prima e frena peggio.',
      'La legge impone almeno 1,6 mm di battistrada, ma sul bagnato gli spazi di frenata si allungano già sotto i 3 mm. Controlla anche la data di produzione sul fianco: dopo otto-dieci anni la gomma è invecchiata, anche se il pneumatico sembra poco consumato.',
      'I quattro stagioni con il simbolo della montagna a tre picchi sono un buon compromesso per chi guida soprattutto in pianura. Dal 15 novembre al 15 aprile, sulle strade indicate dai cartelli, servono pneumatici invernali o catene a bordo.',
    ],
  },
  'service-and-warranty': {
    title: 'Tagliandi e garanzia: perché il libretto conta',
    summary:
      'Seguire il piano di manutenzione della casa protegge la garanzia e il valore di rivendita della tua auto.',
    body: [
      'Ogni costruttore stabilisce un piano di manutenzione: un tagliando ogni 15.000-30.000 km o ogni uno-due anni, secondo il modello. Può essere fatto in qualsiasi officina qualificata, non solo nella rete della marca, purché si segua il piano con ricambi originali o di qualità equivalente.',
      'Conserva tutte le fatture e fai timbrare il libretto, cartaceo o digitale: è la prima cosa che chiede la garanzia in caso di guasto, e una storia completa si fa pagare alla rivendita. Quanto alla revisione, un’auto nuova la fa la prima volta dopo quattro anni, poi ogni due anni.',
      'Le nostre officine di assistenza curano tutte le marche che vendiamo, secondo il piano e con i ricambi della casa, e ti ricordano la prossima scadenza.',
    ],
  },
};
