import type { InfoContent } from './types';

export const content: InfoContent = {
  terms: {
    title: 'Algemene voorwaarden',
    intro: 'Deze voorwaarden gelden voor elk gebruik van {site} ({domain}). Versie van {terms_date}.',
    sections: [
      {
        heading: '1. Wie wij zijn',
        paragraphs: [
          '{site} wordt geëxploiteerd door {company}, {address}, {city}, ingeschreven bij de Kamer van Koophandel onder nummer {kvk}, btw {vat}. Je bereikt ons via {support_email} of {support_phone}.',
        ],
      },
      {
        heading: '2. Lidmaatschap',
        paragraphs: [
          'Je moet minstens 18 jaar oud zijn om {site} te bezoeken of lid te worden. Aanmelden is gratis en vraagt een geldig e-mailadres dat je bevestigt via de link die we je sturen.',
          'Je account is persoonlijk. Houd je wachtwoord geheim; je bent verantwoordelijk voor alles wat met je account gebeurt.',
        ],
      },
      {
        heading: '3. Credits en betalingen',
        paragraphs: [
          'Gratis leden kunnen een beperkt aantal functies gebruiken. Een bericht versturen kost {message_credits} credits, een privéfoto bekijken {photo_credits} credits en een cadeau {gift_credits} credits. Credits koop je in eenmalige bundels: er is geen abonnement en niets wordt automatisch verlengd.',
          'Ongebruikte credits kun je binnen {refund_days} dagen na aankoop terugkrijgen, zoals beschreven in ons retourbeleid.',
        ],
      },
      {
        heading: '4. Hostprofielen',
        paragraphs: [
          'Sommige profielen worden beheerd door hosts die chatten ter vermaak. Ze zijn als zodanig gemarkeerd en je kunt ze niet in het echt ontmoeten. Echte leden worden nooit gemarkeerd.',
        ],
      },
      {
        heading: '5. Gedragsregels',
        paragraphs: [
          'Behandel andere leden met respect. Intimidatie, bedreigingen, haatzaaien, spam, commerciële aanbiedingen, het delen van persoonsgegevens van anderen en alle inhoud met minderjarigen zijn verboden. Foto’s moeten jezelf tonen en mogen in openbare delen niet expliciet zijn.',
          'We kunnen inhoud verwijderen en accounts die deze regels overtreden blokkeren of sluiten, zoals uitgelegd in ons blokkeerbeleid.',
        ],
      },
      {
        heading: '6. Einde van je lidmaatschap',
        paragraphs: [
          'Je kunt je account op elk moment verwijderen in je instellingen. Gedurende 14 dagen kun je dat ongedaan maken via de link in de bevestigingsmail; daarna worden je profiel en berichten definitief verwijderd.',
        ],
      },
      {
        heading: '7. Aansprakelijkheid',
        paragraphs: [
          'We doen ons best om {site} beschikbaar en veilig te houden, maar kunnen geen ononderbroken dienstverlening garanderen of instaan voor wat leden over zichzelf schrijven. Onze aansprakelijkheid is beperkt tot het bedrag dat je ons in de twaalf maanden voor de schade hebt betaald, behalve bij opzet of grove schuld.',
        ],
      },
      {
        heading: '8. Toepasselijk recht en wijzigingen',
        paragraphs: [
          'Nederlands recht is van toepassing. Geschillen worden voorgelegd aan de bevoegde rechter in Amsterdam, onverminderd de dwingende consumentenbescherming van je woonland. Wijzigingen van deze voorwaarden kondigen we minstens 30 dagen vooraf aan op de site.',
        ],
      },
    ],
  },
  privacy: {
    title: 'Privacyverklaring',
    intro: 'Hoe {company} omgaat met je persoonsgegevens op {site}.',
    sections: [
      {
        heading: 'Verwerkingsverantwoordelijke',
        paragraphs: [
          '{company}, {address}, {city} (KvK {kvk}) is verantwoordelijk voor de hier beschreven verwerking. Vragen: {support_email}.',
        ],
      },
      {
        heading: 'Wat we verwerken',
        paragraphs: [
          'Je e-mailadres, wachtwoord (alleen als veilige hash opgeslagen), profielnaam, geboortedatum, land en regio, profieltekst en foto’s, je berichten, likes en de leden die je blokkeert, je aankopen van credits en technische gegevens zoals IP-adres en browser.',
          'Je profiel kan je seksuele geaardheid laten zien. Dat zijn bijzondere persoonsgegevens; we verwerken ze alleen omdat je ze zelf in je profiel hebt gezet.',
        ],
      },
      {
        heading: 'Waarom we ze verwerken',
        paragraphs: [
          'Om de dienst te leveren waarvoor je je aanmeldde (overeenkomst), om betalingen te verwerken en de administratie bij te houden (wettelijke plicht), om fraude en misbruik te voorkomen (gerechtvaardigd belang) en om je meldingen en aanbiedingen te sturen die je altijd kunt uitzetten (toestemming).',
        ],
      },
      {
        heading: 'Hoe lang we ze bewaren',
        paragraphs: [
          'Zolang je account bestaat. Na het verwijderen van je account wissen we je profiel en berichten na 14 dagen; betaalgegevens bewaren we zeven jaar, zoals de Nederlandse belastingwet vereist.',
          'Een verificatieselfie zien alleen jij en onze moderators; hij wordt 30 dagen na de beslissing van de moderator verwijderd, en er wordt geen gezichtsmodel of ander biometrisch gegeven van gemaakt.',
        ],
      },
      {
        heading: 'Wie ze ontvangt',
        paragraphs: [
          'Betaaldienstverleners, onze hostingpartij in de Europese Unie en de e-maildienst die onze berichten bezorgt, elk met een verwerkersovereenkomst. We verkopen je gegevens nooit.',
        ],
      },
      {
        heading: 'Je rechten',
        paragraphs: [
          'Je mag je gegevens inzien, corrigeren, exporteren en laten verwijderen en bezwaar maken tegen de verwerking. Schrijf naar {support_email}; we antwoorden binnen een maand. Je kunt ook een klacht indienen bij de Autoriteit Persoonsgegevens of de toezichthouder in je eigen land.',
        ],
      },
    ],
  },
  cookies: {
    title: 'Cookiebeleid',
    intro: '{site} gebruikt maar een paar cookies, allemaal nodig om de site te laten werken.',
    sections: [
      {
        heading: 'De cookies die we plaatsen',
        paragraphs: [
          'auth – houdt je ingelogd (30 dagen). locale – onthoudt je taal (365 dagen). dismissed_… – onthoudt dat je een melding zoals de waarschuwing voor volwasseneninhoud hebt gesloten, met het tijdstip (365 dagen).',
        ],
      },
      {
        heading: 'Geen tracking door derden',
        paragraphs: [
          'We gebruiken geen advertentie- of analysecookies van andere bedrijven. Trackingcodes in een link die je volgde (zoals network of ref) bewaren we alleen om de partner die je stuurde te belonen.',
        ],
      },
      {
        heading: 'Cookies beheren',
        paragraphs: ['Je kunt cookies altijd verwijderen in de instellingen van je browser. Zonder de auth-cookie blijf je niet ingelogd.'],
      },
    ],
  },
  faq: {
    title: 'Veelgestelde vragen',
    intro: '',
    sections: [
      {
        heading: 'Is aanmelden gratis?',
        paragraphs: [
          'Ja. Aanmelden, een profiel maken en leden bekijken is gratis. Je betaalt alleen voor credits als je meer berichten wilt sturen dan de gratis berichten.',
        ],
      },
      {
        heading: 'Is dit een abonnement?',
        paragraphs: [
          'Nee. Je koopt eenmalig een bundel credits. Niets wordt automatisch verlengd en ongebruikte credits kun je binnen {refund_days} dagen terugkrijgen.',
        ],
      },
      {
        heading: 'Wat kost een bericht?',
        paragraphs: [
          'Een bericht kost {message_credits} credits, een privéfoto {photo_credits} credits en een cadeau {gift_credits} credits. Op de prijzenpagina zie je de bedragen in je eigen valuta.',
        ],
      },
      {
        heading: 'Waarom moet ik mijn e-mailadres bevestigen?',
        paragraphs: ['Tot je het bevestigt ontvangen andere leden je berichten niet. Zo houden we nepaccounts buiten.'],
      },
      {
        heading: 'Wat zijn hostprofielen?',
        paragraphs: [
          'Sommige profielen worden beheerd door hosts die chatten ter vermaak. Ze zijn duidelijk gemarkeerd en je kunt ze niet in het echt ontmoeten.',
        ],
      },
      {
        heading: 'Hoe verwijder ik mijn account?',
        paragraphs: [
          'Ga naar je instellingen en kies voor account verwijderen. Je hebt 14 dagen om je te bedenken via de link in de e-mail die we sturen.',
        ],
      },
    ],
  },
  'return-policy': {
    title: 'Retourbeleid',
    intro: 'Geen abonnementen, en je geld terug voor credits die je niet hebt gebruikt.',
    sections: [
      {
        heading: 'Terugbetaling van ongebruikte credits',
        paragraphs: [
          'Binnen {refund_days} dagen na een aankoop kun je de ongebruikte credits van die aankoop terugvragen. We betalen het bijbehorende deel van de prijs binnen 14 dagen na je verzoek terug via de betaalmethode die je gebruikte.',
        ],
      },
      {
        heading: 'Hoe vraag je het aan',
        paragraphs: [
          'Stuur een e-mail naar {support_email} vanaf het adres van je account, of gebruik het klachtenformulier, en vermeld de datum van de aankoop.',
        ],
      },
      {
        heading: 'Wat niet terugbetaald wordt',
        paragraphs: ['Credits die je al aan berichten, foto’s of cadeaus hebt uitgegeven, gratis credits en bonuscredits van een korting.'],
      },
    ],
  },
  service: {
    title: 'Klantenservice',
    intro: 'We helpen je graag met je account, betalingen en alles rond {site}.',
    sections: [
      {
        heading: 'Contact',
        paragraphs: [
          'E-mail: {support_email}. Telefoon: {support_phone} (maandag tot en met vrijdag, 9.00–17.00 uur). Post: {company}, {address}, {city}.',
        ],
      },
      { heading: 'Reactietijd', paragraphs: ['We beantwoorden e-mails binnen één werkdag. Klachten handelen we binnen 14 dagen af.'] },
      {
        heading: 'Voordat je schrijft',
        paragraphs: [
          'Veel vragen worden beantwoord in de veelgestelde vragen. Wachtwoord vergeten? Gebruik wachtwoordherstel op de inlogpagina.',
        ],
      },
    ],
  },
  ban: {
    title: 'Blokkeerbeleid',
    intro: 'Om {site} veilig te houden treden we op tegen leden die de regels overtreden.',
    sections: [
      {
        heading: 'Redenen voor een blokkade',
        paragraphs: [
          'Elke aanwijzing van een minderjarige, intimidatie of bedreigingen, haatzaaien, spam of reclame, oplichting of om geld vragen, nepfoto’s of foto’s van anderen, en betaalfraude.',
        ],
      },
      {
        heading: 'Wat er gebeurt',
        paragraphs: [
          'Afhankelijk van de ernst verwijderen we de inhoud, geven we een waarschuwing, blokkeren we het account tijdelijk of sluiten we het definitief. Credits van een account dat wegens fraude is gesloten worden niet terugbetaald.',
        ],
      },
      {
        heading: 'Bezwaar maken',
        paragraphs: [
          'Denk je dat we een fout hebben gemaakt, schrijf dan binnen 30 dagen naar {support_email}. Een collega die er niet bij betrokken was beoordeelt het besluit opnieuw en antwoordt binnen 14 dagen.',
        ],
      },
    ],
  },
  '2257': {
    title: '18 U.S.C. 2257-verklaring over de bewaarplicht van gegevens',
    intro: '',
    sections: [
      {
        heading: 'Verklaring',
        paragraphs: [
          'Alle personen die op {site} in beeld verschijnen waren minstens 18 jaar oud toen de afbeelding werd gemaakt. {site} maakt zelf geen seksueel expliciete inhoud; foto’s worden door leden zelf geüpload, die bij aanmelding verklaren dat ze volwassen zijn en dat de foto’s henzelf tonen.',
        ],
      },
      {
        heading: 'Beheerder van de gegevens',
        paragraphs: [
          'De exploitant van deze website is geen primaire producent van inhoud. Vragen over deze gegevens: {company}, {address}, {city}, {country}, {support_email}.',
        ],
      },
    ],
  },
};
