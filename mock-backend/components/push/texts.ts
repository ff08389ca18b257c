import { isLocale, type Locale } from '../../../src/shared/locales';

/**
 * What a lock screen and an inbox show, in every interface locale. Without previews nothing names the other member
 * or quotes the message: the texts are safe on a phone anyone can see. `{name}` and `{site}` are filled in.
 */
interface PushTexts {
  message: { title: string; body: string };
  like: { title: string; body: string };
  match: { title: string; body: string };
  /** With previews on: the other member's name is the title of a message; these are the bodies of a like/match/gift. */
  likePreview: string;
  matchPreview: string;
  giftPreview: string;
}

interface MailTexts {
  messages: { subject: string; intro: string; action: string };
  likes: { subject: string; intro: string; action: string };
  matches: { subject: string; intro: string; action: string };
  footer: string;
  unsubscribe: string;
  /** The page behind the unsubscribe link: a question with a button, then the answer. */
  pageQuestion: string;
  pageDone: string;
}

export const PUSH_TEXTS: Record<Locale, PushTexts> = {
  en: {
    message: { title: 'New message', body: 'You have a new message.' },
    like: { title: 'New like', body: 'Someone likes you.' },
    match: { title: 'New match', body: 'You have a new match.' },
    likePreview: '{name} likes you.',
    matchPreview: 'You and {name} like each other.',
    giftPreview: '{name} sent you a gift.',
  },
  nl: {
    message: { title: 'Nieuw bericht', body: 'Je hebt een nieuw bericht.' },
    like: { title: 'Nieuwe like', body: 'Iemand vindt je leuk.' },
    match: { title: 'Nieuwe match', body: 'Je hebt een nieuwe match.' },
    likePreview: '{name} vindt je leuk.',
    matchPreview: 'Jij en {name} vinden elkaar leuk.',
    giftPreview: '{name} heeft je een cadeau gestuurd.',
  },
  de: {
    message: { title: 'Neue Nachricht', body: 'Du hast eine neue Nachricht.' },
    like: { title: 'Neues Like', body: 'Jemand mag dich.' },
    match: { title: 'Neues Match', body: 'Du hast ein neues Match.' },
    likePreview: '{name} mag dich.',
    matchPreview: 'Du und {name} mögt euch.',
    giftPreview: '{name} hat dir ein Geschenk geschickt.',
  },
  it: {
    message: { title: 'Nuovo messaggio', body: 'Hai un nuovo messaggio.' },
    like: { title: 'Nuovo mi piace', body: 'Piaci a qualcuno.' },
    match: { title: 'Nuovo match', body: 'Hai un nuovo match.' },
    likePreview: 'Piaci a {name}.',
    matchPreview: 'Tu e {name} vi piacete.',
    giftPreview: '{name} ti ha inviato un regalo.',
  },
  fr: {
    message: { title: 'Nouveau message', body: 'Vous avez un nouveau message.' },
    like: { title: 'Nouveau like', body: 'Quelqu’un vous apprécie.' },
    match: { title: 'Nouveau match', body: 'Vous avez un nouveau match.' },
    likePreview: '{name} vous apprécie.',
    matchPreview: '{name} et vous vous appréciez.',
    giftPreview: '{name} vous a envoyé un cadeau.',
  },
  es: {
    message: { title: 'Nuevo mensaje', body: 'Tienes un mensaje nuevo.' },
    like: { title: 'Nuevo me gusta', body: 'Le gustas a alguien.' },
    match: { title: 'Nuevo match', body: 'Tienes un match nuevo.' },
    likePreview: 'Le gustas a {name}.',
    matchPreview: 'A {name} y a ti os gustáis.',
    giftPreview: '{name} te ha enviado un regalo.',
  },
  pl: {
    message: { title: 'Nowa wiadomość', body: 'Masz nową wiadomość.' },
    like: { title: 'Nowe polubienie', body: 'Ktoś cię polubił.' },
    match: { title: 'Nowa para', body: 'Masz nową parę.' },
    likePreview: '{name} cię polubił.',
    matchPreview: 'Ty i {name} polubiliście się nawzajem.',
    giftPreview: '{name} wysłał ci prezent.',
  },
  da: {
    message: { title: 'Ny besked', body: 'Du har en ny besked.' },
    like: { title: 'Nyt like', body: 'Nogen kan lide dig.' },
    match: { title: 'Nyt match', body: 'Du har et nyt match.' },
    likePreview: '{name} kan lide dig.',
    matchPreview: 'Du og {name} kan lide hinanden.',
    giftPreview: '{name} har sendt dig en gave.',
  },
  fi: {
    message: { title: 'Uusi viesti', body: 'Sinulla on uusi viesti.' },
    like: { title: 'Uusi tykkäys', body: 'Joku tykkää sinusta.' },
    match: { title: 'Uusi match', body: 'Sinulla on uusi match.' },
    likePreview: '{name} tykkää sinusta.',
    matchPreview: 'Sinä ja {name} tykkäätte toisistanne.',
    giftPreview: '{name} lähetti sinulle lahjan.',
  },
  nb: {
    message: { title: 'Ny melding', body: 'Du har en ny melding.' },
    like: { title: 'Ny like', body: 'Noen liker deg.' },
    match: { title: 'Ny match', body: 'Du har en ny match.' },
    likePreview: '{name} liker deg.',
    matchPreview: 'Du og {name} liker hverandre.',
    giftPreview: '{name} har sendt deg en gave.',
  },
  sv: {
    message: { title: 'Nytt meddelande', body: 'Du har ett nytt meddelande.' },
    like: { title: 'Ny gillning', body: 'Någon gillar dig.' },
    match: { title: 'Ny match', body: 'Du har en ny match.' },
    likePreview: '{name} gillar dig.',
    matchPreview: 'Du och {name} gillar varandra.',
    giftPreview: '{name} har skickat en gåva till dig.',
  },
};

export const MAIL_TEXTS: Record<Locale, MailTexts> = {
  en: {
    messages: {
      subject: 'You have a new message on {site}',
      intro: 'A member sent you a message. Log in to read it.',
      action: 'Read your messages',
    },
    likes: { subject: 'Someone likes you on {site}', intro: 'A member likes you. Log in to see who.', action: 'See your likes' },
    matches: { subject: 'You have a new match on {site}', intro: 'You and another member like each other.', action: 'See your matches' },
    footer: 'You receive this e-mail because notification e-mails are on in your settings.',
    unsubscribe: 'Unsubscribe from these e-mails',
    pageQuestion: 'Stop notification e-mails from {site}?',
    pageDone: 'You will no longer receive notification e-mails from {site}. You can switch them on again in your notification settings.',
  },
  nl: {
    messages: {
      subject: 'Je hebt een nieuw bericht op {site}',
      intro: 'Een lid heeft je een bericht gestuurd. Log in om het te lezen.',
      action: 'Lees je berichten',
    },
    likes: { subject: 'Iemand vindt je leuk op {site}', intro: 'Een lid vindt je leuk. Log in om te zien wie.', action: 'Bekijk je likes' },
    matches: {
      subject: 'Je hebt een nieuwe match op {site}',
      intro: 'Jij en een ander lid vinden elkaar leuk.',
      action: 'Bekijk je matches',
    },
    footer: 'Je ontvangt deze e-mail omdat meldingsmails aan staan in je instellingen.',
    unsubscribe: 'Afmelden voor deze e-mails',
    pageQuestion: 'Geen meldingsmails meer van {site}?',
    pageDone: 'Je ontvangt geen meldingsmails meer van {site}. Je kunt ze weer aanzetten in je meldingsinstellingen.',
  },
  de: {
    messages: {
      subject: 'Du hast eine neue Nachricht auf {site}',
      intro: 'Ein Mitglied hat dir eine Nachricht geschickt. Melde dich an, um sie zu lesen.',
      action: 'Nachrichten lesen',
    },
    likes: {
      subject: 'Jemand mag dich auf {site}',
      intro: 'Ein Mitglied mag dich. Melde dich an, um zu sehen, wer.',
      action: 'Likes ansehen',
    },
    matches: { subject: 'Du hast ein neues Match auf {site}', intro: 'Du und ein anderes Mitglied mögt euch.', action: 'Matches ansehen' },
    footer: 'Du erhältst diese E-Mail, weil Benachrichtigungs-E-Mails in deinen Einstellungen eingeschaltet sind.',
    unsubscribe: 'Diese E-Mails abbestellen',
    pageQuestion: 'Keine Benachrichtigungs-E-Mails mehr von {site}?',
    pageDone:
      'Du erhältst keine Benachrichtigungs-E-Mails mehr von {site}. In deinen Benachrichtigungseinstellungen kannst du sie wieder einschalten.',
  },
  it: {
    messages: {
      subject: 'Hai un nuovo messaggio su {site}',
      intro: 'Un membro ti ha inviato un messaggio. Accedi per leggerlo.',
      action: 'Leggi i tuoi messaggi',
    },
    likes: { subject: 'Piaci a qualcuno su {site}', intro: 'Piaci a un membro. Accedi per vedere chi è.', action: 'Vedi i tuoi mi piace' },
    matches: { subject: 'Hai un nuovo match su {site}', intro: 'Tu e un altro membro vi piacete.', action: 'Vedi i tuoi match' },
    footer: 'Ricevi questa e-mail perché le e-mail di notifica sono attive nelle tue impostazioni.',
    unsubscribe: 'Annulla l’iscrizione a queste e-mail',
    pageQuestion: 'Non ricevere più e-mail di notifica da {site}?',
    pageDone: 'Non riceverai più e-mail di notifica da {site}. Puoi riattivarle nelle impostazioni delle notifiche.',
  },
  fr: {
    messages: {
      subject: 'Vous avez un nouveau message sur {site}',
      intro: 'Un membre vous a envoyé un message. Connectez-vous pour le lire.',
      action: 'Lire vos messages',
    },
    likes: {
      subject: 'Quelqu’un vous apprécie sur {site}',
      intro: 'Un membre vous apprécie. Connectez-vous pour voir qui.',
      action: 'Voir vos likes',
    },
    matches: {
      subject: 'Vous avez un nouveau match sur {site}',
      intro: 'Un autre membre et vous vous appréciez.',
      action: 'Voir vos matchs',
    },
    footer: 'Vous recevez cet e-mail parce que les e-mails de notification sont activés dans vos paramètres.',
    unsubscribe: 'Se désabonner de ces e-mails',
    pageQuestion: 'Ne plus recevoir d’e-mails de notification de {site} ?',
    pageDone: 'Vous ne recevrez plus d’e-mails de notification de {site}. Vous pouvez les réactiver dans vos paramètres de notification.',
  },
  es: {
    messages: {
      subject: 'Tienes un mensaje nuevo en {site}',
      intro: 'Un miembro te ha enviado un mensaje. Inicia sesión para leerlo.',
      action: 'Leer tus mensajes',
    },
    likes: {
      subject: 'Le gustas a alguien en {site}',
      intro: 'Le gustas a un miembro. Inicia sesión para ver quién es.',
      action: 'Ver tus me gusta',
    },
    matches: { subject: 'Tienes un match nuevo en {site}', intro: 'Otro miembro y tú os gustáis.', action: 'Ver tus matches' },
    footer: 'Recibes este correo porque los correos de aviso están activados en tu configuración.',
    unsubscribe: 'Darse de baja de estos correos',
    pageQuestion: '¿Dejar de recibir correos de aviso de {site}?',
    pageDone: 'Ya no recibirás correos de aviso de {site}. Puedes volver a activarlos en tu configuración de avisos.',
  },
  pl: {
    messages: {
      subject: 'Masz nową wiadomość w {site}',
      intro: 'Członek wysłał ci wiadomość. Zaloguj się, aby ją przeczytać.',
      action: 'Przeczytaj wiadomości',
    },
    likes: {
      subject: 'Ktoś cię polubił w {site}',
      intro: 'Członek cię polubił. Zaloguj się, aby zobaczyć kto.',
      action: 'Zobacz polubienia',
    },
    matches: { subject: 'Masz nową parę w {site}', intro: 'Ty i inny członek polubiliście się nawzajem.', action: 'Zobacz pary' },
    footer: 'Otrzymujesz tę wiadomość, ponieważ powiadomienia e-mail są włączone w twoich ustawieniach.',
    unsubscribe: 'Wypisz się z tych e-maili',
    pageQuestion: 'Nie otrzymywać już powiadomień e-mail z {site}?',
    pageDone: 'Nie będziesz już otrzymywać powiadomień e-mail z {site}. Możesz je ponownie włączyć w ustawieniach powiadomień.',
  },
  da: {
    messages: {
      subject: 'Du har en ny besked på {site}',
      intro: 'Et medlem har sendt dig en besked. Log ind for at læse den.',
      action: 'Læs dine beskeder',
    },
    likes: { subject: 'Nogen kan lide dig på {site}', intro: 'Et medlem kan lide dig. Log ind for at se hvem.', action: 'Se dine likes' },
    matches: { subject: 'Du har et nyt match på {site}', intro: 'Du og et andet medlem kan lide hinanden.', action: 'Se dine matches' },
    footer: 'Du modtager denne e-mail, fordi notifikationsmails er slået til i dine indstillinger.',
    unsubscribe: 'Afmeld disse e-mails',
    pageQuestion: 'Stop notifikationsmails fra {site}?',
    pageDone: 'Du modtager ikke længere notifikationsmails fra {site}. Du kan slå dem til igen i dine notifikationsindstillinger.',
  },
  fi: {
    messages: {
      subject: 'Sinulla on uusi viesti palvelussa {site}',
      intro: 'Jäsen lähetti sinulle viestin. Kirjaudu sisään lukeaksesi sen.',
      action: 'Lue viestisi',
    },
    likes: {
      subject: 'Joku tykkää sinusta palvelussa {site}',
      intro: 'Jäsen tykkää sinusta. Kirjaudu sisään nähdäksesi kuka.',
      action: 'Katso tykkäyksesi',
    },
    matches: {
      subject: 'Sinulla on uusi match palvelussa {site}',
      intro: 'Sinä ja toinen jäsen tykkäätte toisistanne.',
      action: 'Katso matchisi',
    },
    footer: 'Saat tämän sähköpostin, koska ilmoitussähköpostit ovat päällä asetuksissasi.',
    unsubscribe: 'Peru nämä sähköpostit',
    pageQuestion: 'Lopetetaanko ilmoitussähköpostit palvelusta {site}?',
    pageDone: 'Et saa enää ilmoitussähköposteja palvelusta {site}. Voit ottaa ne uudelleen käyttöön ilmoitusasetuksissa.',
  },
  nb: {
    messages: {
      subject: 'Du har en ny melding på {site}',
      intro: 'Et medlem har sendt deg en melding. Logg inn for å lese den.',
      action: 'Les meldingene dine',
    },
    likes: { subject: 'Noen liker deg på {site}', intro: 'Et medlem liker deg. Logg inn for å se hvem.', action: 'Se likene dine' },
    matches: { subject: 'Du har en ny match på {site}', intro: 'Du og et annet medlem liker hverandre.', action: 'Se matchene dine' },
    footer: 'Du mottar denne e-posten fordi varslings-e-post er slått på i innstillingene dine.',
    unsubscribe: 'Meld deg av disse e-postene',
    pageQuestion: 'Stoppe varslings-e-post fra {site}?',
    pageDone: 'Du mottar ikke lenger varslings-e-post fra {site}. Du kan slå dem på igjen i varslingsinnstillingene.',
  },
  sv: {
    messages: {
      subject: 'Du har ett nytt meddelande på {site}',
      intro: 'En medlem har skickat ett meddelande till dig. Logga in för att läsa det.',
      action: 'Läs dina meddelanden',
    },
    likes: { subject: 'Någon gillar dig på {site}', intro: 'En medlem gillar dig. Logga in för att se vem.', action: 'Se dina gillningar' },
    matches: { subject: 'Du har en ny match på {site}', intro: 'Du och en annan medlem gillar varandra.', action: 'Se dina matchningar' },
    footer: 'Du får det här mejlet eftersom aviseringsmejl är påslagna i dina inställningar.',
    unsubscribe: 'Avsluta prenumerationen på dessa mejl',
    pageQuestion: 'Sluta få aviseringsmejl från {site}?',
    pageDone: 'Du får inte längre aviseringsmejl från {site}. Du kan slå på dem igen i dina aviseringsinställningar.',
  },
};

export const fill = (s: string, vars: Record<string, string>): string => s.replace(/\{(\w+)\}/g, (m, k: string) => vars[k] ?? m);

/** A member's saved language as one of the texts' locales (English for anything else). */
export const toLocale = (language: string): Locale => (isLocale(language) ? language : 'en');
