import type { InfoContent } from './types';

export const content: InfoContent = {
  terms: {
    title: 'Användarvillkor',
    intro: 'Dessa villkor gäller all användning av {site} ({domain}). Version från {terms_date}.',
    sections: [
      {
        heading: '1. Vilka vi är',
        paragraphs: [
          '{site} drivs av {company}, {address}, {city}, registrerat hos nederländska handelskammaren (KvK) med nummer {kvk}, moms {vat}. Du når oss på {support_email} eller {support_phone}.',
        ],
      },
      {
        heading: '2. Medlemskap',
        paragraphs: [
          'Du måste vara minst 18 år för att besöka {site} eller bli medlem. Registreringen är gratis och kräver en giltig e-postadress som du bekräftar via länken vi skickar.',
          'Ditt konto är personligt. Håll lösenordet hemligt; du ansvarar för allt som görs med ditt konto.',
        ],
      },
      {
        heading: '3. Krediter och betalningar',
        paragraphs: [
          'Gratismedlemmar kan använda en del av funktionerna. Ett meddelande kostar {message_credits} krediter, en privat bild {photo_credits} krediter och en gåva {gift_credits} krediter. Krediter köps i engångspaket: inget abonnemang, inget förnyas automatiskt.',
          'Oanvända krediter återbetalas inom {refund_days} dagar efter köpet enligt vår returpolicy.',
        ],
      },
      {
        heading: '4. Värdprofiler',
        paragraphs: [
          'Vissa profiler sköts av värdar som chattar för underhållningens skull. De är märkta som sådana och kan inte träffas på riktigt. Riktiga medlemmar märks aldrig.',
        ],
      },
      {
        heading: '5. Uppförande',
        paragraphs: [
          'Behandla andra medlemmar med respekt. Trakasserier, hot, hatiska uttalanden, spam, kommersiella erbjudanden, spridning av andras personuppgifter och allt innehåll med minderåriga är förbjudet. Bilder ska visa dig själv och får inte vara explicita i offentliga delar.',
          'Vi kan ta bort innehåll och stänga av eller avsluta konton som bryter mot reglerna, enligt vår avstängningspolicy.',
        ],
      },
      {
        heading: '6. Avsluta medlemskapet',
        paragraphs: [
          'Du kan när som helst radera ditt konto i inställningarna. I 14 dagar kan du ångra dig via länken i bekräftelsemejlet; därefter raderas din profil och dina meddelanden för gott.',
        ],
      },
      {
        heading: '7. Ansvar',
        paragraphs: [
          'Vi gör vårt bästa för att hålla {site} tillgänglig och säker, men kan inte garantera avbrottsfri drift eller att det medlemmar skriver är sant. Vårt ansvar är begränsat till det belopp du betalat oss under de tolv månaderna före skadan, utom vid uppsåt eller grov vårdslöshet.',
        ],
      },
      {
        heading: '8. Tillämplig lag och ändringar',
        paragraphs: [
          'Nederländsk lag gäller. Tvister avgörs av behörig domstol i Amsterdam, utan inskränkning av tvingande konsumentskydd i ditt hemland. Ändringar meddelas på webbplatsen minst 30 dagar i förväg.',
        ],
      },
    ],
  },
  privacy: {
    title: 'Integritetspolicy',
    intro: 'Så hanterar {company} dina personuppgifter på {site}.',
    sections: [
      {
        heading: 'Personuppgiftsansvarig',
        paragraphs: [
          '{company}, {address}, {city} (KvK {kvk}) är personuppgiftsansvarig för behandlingen som beskrivs här. Frågor: {support_email}.',
        ],
      },
      {
        heading: 'Vad vi behandlar',
        paragraphs: [
          'Din e-postadress, ditt lösenord (bara sparat som säker hash), profilnamn, födelsedatum, land och region, profiltext och bilder, dina meddelanden, gillanden och medlemmar du blockerar, dina kreditköp och tekniska uppgifter som IP-adress och webbläsare.',
          'Din profil kan avslöja din sexuella läggning. Det är känsliga personuppgifter som vi bara behandlar för att du själv valt att publicera dem.',
        ],
      },
      {
        heading: 'Varför vi behandlar dem',
        paragraphs: [
          'För att leverera tjänsten du registrerade dig för (avtal), hantera betalningar och bokföring (rättslig förpliktelse), förhindra bedrägerier och missbruk (berättigat intresse) och skicka aviseringar och erbjudanden som du alltid kan stänga av (samtycke).',
        ],
      },
      {
        heading: 'Hur länge vi sparar dem',
        paragraphs: [
          'Så länge ditt konto finns. Efter radering tar vi bort profil och meddelanden efter 14 dagar; betalningsunderlag sparas i sju år enligt nederländsk skattelag.',
          'En verifieringsselfie ses bara av dig och våra moderatorer och raderas 30 dagar efter moderatorns beslut; vi gör ingen ansiktsmall eller andra biometriska uppgifter av den.',
        ],
      },
      {
        heading: 'Vem som får dem',
        paragraphs: [
          'Betaltjänstleverantörer, vår driftleverantör inom EU och e-posttjänsten som levererar våra mejl, alla med personuppgiftsbiträdesavtal. Vi säljer aldrig dina uppgifter.',
        ],
      },
      {
        heading: 'Dina rättigheter',
        paragraphs: [
          'Du kan begära tillgång till, rättelse, export och radering av dina uppgifter och invända mot behandlingen. Skriv till {support_email}; vi svarar inom en månad. Du kan också klaga hos nederländska tillsynsmyndigheten (Autoriteit Persoonsgegevens) eller IMY.',
        ],
      },
    ],
  },
  cookies: {
    title: 'Cookiepolicy',
    intro: '{site} använder bara några få cookies, och alla behövs för att webbplatsen ska fungera.',
    sections: [
      {
        heading: 'Våra cookies',
        paragraphs: [
          'auth – håller dig inloggad (30 dagar). locale – kommer ihåg ditt språk (365 dagar). dismissed_… – kommer ihåg att du stängt ett meddelande som varningen för vuxeninnehåll, med tidpunkten (365 dagar).',
        ],
      },
      {
        heading: 'Ingen spårning från tredje part',
        paragraphs: [
          'Vi använder inga reklam- eller analyscookies från andra företag. Spårningskoder i en länk du följde (som network eller ref) sparas bara för att ersätta partnern som skickade dig.',
        ],
      },
      {
        heading: 'Hantera cookies',
        paragraphs: ['Du kan alltid radera cookies i webbläsarens inställningar. Utan auth-cookien förblir du inte inloggad.'],
      },
    ],
  },
  faq: {
    title: 'Vanliga frågor',
    intro: '',
    sections: [
      {
        heading: 'Är det gratis att registrera sig?',
        paragraphs: [
          'Ja. Att registrera sig, skapa en profil och titta på medlemmar är gratis. Du betalar bara för krediter om du vill skicka fler meddelanden än de gratis.',
        ],
      },
      {
        heading: 'Är det ett abonnemang?',
        paragraphs: ['Nej. Du köper ett kreditpaket en gång. Inget förnyas och oanvända krediter återbetalas inom {refund_days} dagar.'],
      },
      {
        heading: 'Vad kostar ett meddelande?',
        paragraphs: [
          'Ett meddelande kostar {message_credits} krediter, en privat bild {photo_credits} krediter och en gåva {gift_credits} krediter. Prissidan visar beloppen i din valuta.',
        ],
      },
      {
        heading: 'Varför måste jag bekräfta min e-post?',
        paragraphs: ['Tills du bekräftar den får andra medlemmar inte dina meddelanden. Så håller vi falska konton borta.'],
      },
      {
        heading: 'Vad är värdprofiler?',
        paragraphs: ['Vissa profiler sköts av värdar som chattar för underhållningens skull. De är tydligt märkta och kan inte träffas.'],
      },
      {
        heading: 'Hur raderar jag mitt konto?',
        paragraphs: ['Välj att radera kontot i inställningarna. Du har 14 dagar på dig att ångra dig via länken i mejlet vi skickar.'],
      },
    ],
  },
  'return-policy': {
    title: 'Returpolicy',
    intro: 'Inga abonnemang, och pengarna tillbaka för krediter du inte använt.',
    sections: [
      {
        heading: 'Återbetalning av oanvända krediter',
        paragraphs: [
          'Inom {refund_days} dagar efter ett köp kan du begära återbetalning av de oanvända krediterna från köpet. Vi betalar tillbaka motsvarande del av priset inom 14 dagar via betalsättet du använde.',
        ],
      },
      {
        heading: 'Så begär du det',
        paragraphs: [
          'Skicka ett mejl till {support_email} från kontots adress, eller använd klagomålsformuläret, och ange datum för köpet.',
        ],
      },
      {
        heading: 'Vad som inte återbetalas',
        paragraphs: ['Krediter du redan använt till meddelanden, bilder eller gåvor, gratiskrediter och bonuskrediter från en rabatt.'],
      },
    ],
  },
  service: {
    title: 'Kundtjänst',
    intro: 'Vi hjälper dig gärna med kontot, betalningar och allt annat som rör {site}.',
    sections: [
      {
        heading: 'Kontakt',
        paragraphs: [
          'E-post: {support_email}. Telefon: {support_phone} (måndag till fredag, 9–17 CET). Post: {company}, {address}, {city}.',
        ],
      },
      { heading: 'Svarstid', paragraphs: ['Vi svarar på mejl inom en arbetsdag. Klagomål hanteras inom 14 dagar.'] },
      {
        heading: 'Innan du skriver',
        paragraphs: ['Många svar finns bland de vanliga frågorna. Glömt lösenordet? Använd lösenordsåterställningen på inloggningssidan.'],
      },
    ],
  },
  ban: {
    title: 'Avstängningspolicy',
    intro: 'För att hålla {site} säker agerar vi mot medlemmar som bryter mot reglerna.',
    sections: [
      {
        heading: 'Skäl till avstängning',
        paragraphs: [
          'Alla tecken på en minderårig, trakasserier eller hot, hatiska uttalanden, spam eller reklam, bedrägerier eller begäran om pengar, falska bilder eller bilder på andra samt betalningsbedrägeri.',
        ],
      },
      {
        heading: 'Vad som händer',
        paragraphs: [
          'Beroende på hur allvarligt det är tar vi bort innehållet, ger en varning, stänger av kontot en tid eller avslutar det för gott. Krediter på ett konto som stängts för bedrägeri återbetalas inte.',
        ],
      },
      {
        heading: 'Överklaga',
        paragraphs: [
          'Om du tycker att vi gjort fel, skriv till {support_email} inom 30 dagar. En kollega som inte var inblandad prövar beslutet och svarar inom 14 dagar.',
        ],
      },
    ],
  },
  '2257': {
    title: 'Redogörelse för efterlevnad av 18 U.S.C. 2257 (registerföring)',
    intro: '',
    sections: [
      {
        heading: 'Redogörelse',
        paragraphs: [
          'Alla personer som visas på {site} var minst 18 år när bilden togs. {site} producerar inget sexuellt explicit innehåll; bilderna laddas upp av medlemmarna själva, som vid registreringen intygar att de är vuxna och visar sig själva.',
        ],
      },
      {
        heading: 'Registeransvarig',
        paragraphs: [
          'Operatören av denna webbplats är inte primär producent av innehåll. Frågor om registren: {company}, {address}, {city}, {country}, {support_email}.',
        ],
      },
    ],
  },
};
