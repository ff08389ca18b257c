import type { InfoContent } from './types';

export const content: InfoContent = {
  terms: {
    title: 'Termini e condizioni',
    intro: 'Questi termini valgono per ogni utilizzo di {site} ({domain}). Versione del {terms_date}.',
    sections: [
      {
        heading: '1. Chi siamo',
        paragraphs: [
          '{site} è gestito da {company}, {address}, {city}, iscritta alla Camera di commercio olandese (KvK) con il numero {kvk}, partita IVA {vat}. Puoi contattarci a {support_email} o al {support_phone}.',
        ],
      },
      {
        heading: '2. Iscrizione',
        paragraphs: [
          'Devi avere almeno 18 anni per visitare {site} o iscriverti. L’iscrizione è gratuita e richiede un indirizzo e-mail valido che confermi con il link che ti inviamo.',
          'Il tuo account è personale. Mantieni segreta la password: sei responsabile di tutto ciò che avviene con il tuo account.',
        ],
      },
      {
        heading: '3. Crediti e pagamenti',
        paragraphs: [
          'I membri gratuiti possono usare una parte delle funzioni. Un messaggio costa {message_credits} crediti, una foto privata {photo_credits} crediti e un regalo {gift_credits} crediti. I crediti si acquistano in pacchetti singoli: nessun abbonamento, nessun rinnovo automatico.',
          'I crediti non utilizzati sono rimborsabili entro {refund_days} giorni dall’acquisto, come descritto nella nostra politica di rimborso.',
        ],
      },
      {
        heading: '4. Profili host',
        paragraphs: [
          'Alcuni profili sono gestiti da host che chattano per intrattenimento. Sono contrassegnati come tali e non è possibile incontrarli di persona. I membri reali non sono mai contrassegnati.',
        ],
      },
      {
        heading: '5. Regole di comportamento',
        paragraphs: [
          'Tratta gli altri membri con rispetto. Molestie, minacce, discorsi d’odio, spam, offerte commerciali, la diffusione di dati personali altrui e qualsiasi contenuto con minori sono vietati. Le foto devono ritrarre te stesso e non essere esplicite nelle aree pubbliche.',
          'Possiamo rimuovere contenuti e sospendere o chiudere gli account che violano queste regole, come spiegato nella nostra politica di esclusione.',
        ],
      },
      {
        heading: '6. Fine dell’iscrizione',
        paragraphs: [
          'Puoi eliminare il tuo account in qualsiasi momento dalle impostazioni. Per 14 giorni puoi annullare l’eliminazione con il link nell’e-mail di conferma; dopo, profilo e messaggi vengono cancellati definitivamente.',
        ],
      },
      {
        heading: '7. Responsabilità',
        paragraphs: [
          'Facciamo il possibile per mantenere {site} disponibile e sicuro, ma non possiamo garantire un servizio ininterrotto né la veridicità di ciò che i membri scrivono. La nostra responsabilità è limitata all’importo pagato nei dodici mesi precedenti il danno, salvo dolo o colpa grave.',
        ],
      },
      {
        heading: '8. Legge applicabile e modifiche',
        paragraphs: [
          'Si applica la legge olandese. Le controversie spettano al tribunale competente di Amsterdam, fatta salva la tutela inderogabile dei consumatori del tuo paese di residenza. Annunciamo le modifiche sul sito almeno 30 giorni prima.',
        ],
      },
    ],
  },
  privacy: {
    title: 'Informativa sulla privacy',
    intro: 'Come {company} tratta i tuoi dati personali su {site}.',
    sections: [
      {
        heading: 'Titolare del trattamento',
        paragraphs: ['{company}, {address}, {city} (KvK {kvk}) è titolare del trattamento qui descritto. Domande: {support_email}.'],
      },
      {
        heading: 'Dati trattati',
        paragraphs: [
          'Il tuo indirizzo e-mail, la password (salvata solo come hash sicuro), nome del profilo, data di nascita, paese e regione, testo e foto del profilo, messaggi, like e membri bloccati, acquisti di crediti e dati tecnici come indirizzo IP e browser.',
          'Il tuo profilo può rivelare il tuo orientamento sessuale. Sono dati particolari che trattiamo solo perché hai scelto di pubblicarli.',
        ],
      },
      {
        heading: 'Perché li trattiamo',
        paragraphs: [
          'Per fornire il servizio a cui ti sei iscritto (contratto), gestire pagamenti e contabilità (obbligo di legge), prevenire frodi e abusi (interesse legittimo) e inviarti notifiche e offerte che puoi disattivare quando vuoi (consenso).',
        ],
      },
      {
        heading: 'Per quanto tempo',
        paragraphs: [
          'Finché il tuo account esiste. Dopo l’eliminazione cancelliamo profilo e messaggi entro 14 giorni; i dati di pagamento sono conservati sette anni come richiesto dalla legge fiscale olandese.',
          'Un selfie di verifica è visibile solo a te e ai nostri moderatori e viene eliminato 30 giorni dopo la decisione del moderatore; non ne ricaviamo alcun modello del viso né altri dati biometrici.',
        ],
      },
      {
        heading: 'Chi li riceve',
        paragraphs: [
          'Fornitori di pagamento, il nostro hosting nell’Unione europea e il servizio che recapita le nostre e-mail, ciascuno con un accordo sul trattamento dei dati. Non vendiamo mai i tuoi dati.',
        ],
      },
      {
        heading: 'I tuoi diritti',
        paragraphs: [
          'Puoi accedere ai tuoi dati, correggerli, esportarli, farli cancellare e opporti al trattamento. Scrivi a {support_email}; rispondiamo entro un mese. Puoi anche rivolgerti all’autorità olandese (Autoriteit Persoonsgegevens) o al Garante privacy.',
        ],
      },
    ],
  },
  cookies: {
    title: 'Politica sui cookie',
    intro: '{site} usa solo pochi cookie, tutti necessari al funzionamento del sito.',
    sections: [
      {
        heading: 'I nostri cookie',
        paragraphs: [
          'auth – ti mantiene connesso (30 giorni). locale – ricorda la tua lingua (365 giorni). dismissed_… – ricorda che hai chiuso un avviso, come quello sui contenuti per adulti, con l’orario (365 giorni).',
        ],
      },
      {
        heading: 'Nessun tracciamento di terzi',
        paragraphs: [
          'Non usiamo cookie pubblicitari o di analisi di altre aziende. I codici di tracciamento di un link che hai seguito (come network o ref) servono solo a compensare il partner che ti ha inviato.',
        ],
      },
      {
        heading: 'Gestire i cookie',
        paragraphs: [
          'Puoi eliminare i cookie in qualsiasi momento dalle impostazioni del browser. Senza il cookie auth non resti connesso.',
        ],
      },
    ],
  },
  faq: {
    title: 'Domande frequenti',
    intro: '',
    sections: [
      {
        heading: 'L’iscrizione è gratuita?',
        paragraphs: [
          'Sì. Iscriversi, creare un profilo e sfogliare i membri è gratis. Paghi i crediti solo se vuoi inviare più messaggi di quelli gratuiti.',
        ],
      },
      {
        heading: 'È un abbonamento?',
        paragraphs: [
          'No. Acquisti un pacchetto di crediti una sola volta. Nulla si rinnova e i crediti non usati sono rimborsabili entro {refund_days} giorni.',
        ],
      },
      {
        heading: 'Quanto costa un messaggio?',
        paragraphs: [
          'Un messaggio costa {message_credits} crediti, una foto privata {photo_credits} crediti e un regalo {gift_credits} crediti. Nella pagina dei prezzi trovi gli importi nella tua valuta.',
        ],
      },
      {
        heading: 'Perché devo confermare l’e-mail?',
        paragraphs: ['Finché non la confermi, gli altri membri non ricevono i tuoi messaggi. Così teniamo lontani gli account falsi.'],
      },
      {
        heading: 'Cosa sono i profili host?',
        paragraphs: [
          'Alcuni profili sono gestiti da host che chattano per intrattenimento. Sono chiaramente contrassegnati e non si possono incontrare.',
        ],
      },
      {
        heading: 'Come elimino il mio account?',
        paragraphs: [
          'Nelle impostazioni scegli di eliminare l’account. Hai 14 giorni per ripensarci con il link nell’e-mail che ti inviamo.',
        ],
      },
    ],
  },
  'return-policy': {
    title: 'Politica di rimborso',
    intro: 'Niente abbonamenti, e i tuoi soldi indietro per i crediti non usati.',
    sections: [
      {
        heading: 'Rimborso dei crediti non usati',
        paragraphs: [
          'Entro {refund_days} giorni da un acquisto puoi chiedere il rimborso dei crediti non usati di quell’acquisto. Rimborsiamo la parte corrispondente del prezzo entro 14 giorni con il metodo di pagamento usato.',
        ],
      },
      {
        heading: 'Come richiederlo',
        paragraphs: [
          'Invia un’e-mail a {support_email} dall’indirizzo del tuo account, oppure usa il modulo reclami, indicando la data dell’acquisto.',
        ],
      },
      {
        heading: 'Cosa non è rimborsabile',
        paragraphs: ['I crediti già spesi per messaggi, foto o regali, i crediti gratuiti e i crediti bonus di uno sconto.'],
      },
    ],
  },
  service: {
    title: 'Servizio clienti',
    intro: 'Ti aiutiamo volentieri con l’account, i pagamenti e tutto ciò che riguarda {site}.',
    sections: [
      {
        heading: 'Contatti',
        paragraphs: [
          'E-mail: {support_email}. Telefono: {support_phone} (dal lunedì al venerdì, 9–17 CET). Posta: {company}, {address}, {city}.',
        ],
      },
      {
        heading: 'Tempi di risposta',
        paragraphs: ['Rispondiamo alle e-mail entro un giorno lavorativo. I reclami vengono gestiti entro 14 giorni.'],
      },
      {
        heading: 'Prima di scrivere',
        paragraphs: ['Molte risposte sono nelle domande frequenti. Password dimenticata? Usa il ripristino nella pagina di accesso.'],
      },
    ],
  },
  ban: {
    title: 'Politica di esclusione',
    intro: 'Per mantenere {site} sicuro interveniamo contro i membri che violano le regole.',
    sections: [
      {
        heading: 'Motivi di esclusione',
        paragraphs: [
          'Qualsiasi indizio di minori, molestie o minacce, discorsi d’odio, spam o pubblicità, truffe o richieste di denaro, foto false o di altre persone e frodi nei pagamenti.',
        ],
      },
      {
        heading: 'Cosa succede',
        paragraphs: [
          'A seconda della gravità rimuoviamo il contenuto, diamo un avvertimento, sospendiamo l’account per un periodo o lo chiudiamo definitivamente. I crediti di un account chiuso per frode non sono rimborsati.',
        ],
      },
      {
        heading: 'Ricorso',
        paragraphs: [
          'Se pensi che abbiamo sbagliato, scrivi a {support_email} entro 30 giorni. Un collega non coinvolto riesamina la decisione e risponde entro 14 giorni.',
        ],
      },
    ],
  },
  '2257': {
    title: 'Dichiarazione di conformità agli obblighi di conservazione 18 U.S.C. 2257',
    intro: '',
    sections: [
      {
        heading: 'Dichiarazione',
        paragraphs: [
          'Tutte le persone raffigurate su {site} avevano almeno 18 anni al momento della ripresa. {site} non produce contenuti sessualmente espliciti; le foto sono caricate dai membri stessi, che all’iscrizione dichiarano di essere maggiorenni e di ritrarre sé stessi.',
        ],
      },
      {
        heading: 'Custode dei registri',
        paragraphs: [
          'Il gestore di questo sito non è il produttore primario dei contenuti. Domande su questi registri: {company}, {address}, {city}, {country}, {support_email}.',
        ],
      },
    ],
  },
};
