import type { InfoContent } from './types';

export const content: InfoContent = {
  terms: {
    title: 'Käyttöehdot',
    intro: 'Nämä ehdot koskevat kaikkea {site}-palvelun ({domain}) käyttöä. Versio {terms_date}.',
    sections: [
      {
        heading: '1. Keitä olemme',
        paragraphs: [
          '{site}-palvelua ylläpitää {company}, {address}, {city}, rekisteröity Alankomaiden kauppakamariin (KvK) numerolla {kvk}, ALV {vat}. Tavoitat meidät osoitteesta {support_email} tai numerosta {support_phone}.',
        ],
      },
      {
        heading: '2. Jäsenyys',
        paragraphs: [
          'Sinun on oltava vähintään 18-vuotias käydäksesi {site}-palvelussa tai liittyäksesi. Rekisteröityminen on maksutonta ja vaatii voimassa olevan sähköpostiosoitteen, jonka vahvistat lähettämällämme linkillä.',
          'Tilisi on henkilökohtainen. Pidä salasanasi salassa; vastaat kaikesta, mitä tililläsi tehdään.',
        ],
      },
      {
        heading: '3. Krediitit ja maksut',
        paragraphs: [
          'Maksuttomat jäsenet voivat käyttää osaa toiminnoista. Viesti maksaa {message_credits} krediittiä, yksityinen kuva {photo_credits} krediittiä ja lahja {gift_credits} krediittiä. Krediitit ostetaan kertaostoksina: ei tilausta, mikään ei uusiudu automaattisesti.',
          'Käyttämättömät krediitit hyvitetään {refund_days} päivän kuluessa ostosta palautusehtojemme mukaisesti.',
        ],
      },
      {
        heading: '4. Isäntäprofiilit',
        paragraphs: [
          'Joitakin profiileja ylläpitävät isännät, jotka chattailevat viihteen vuoksi. Ne on merkitty, eikä heitä voi tavata oikeasti. Oikeita jäseniä ei koskaan merkitä.',
        ],
      },
      {
        heading: '5. Käytössäännöt',
        paragraphs: [
          'Kohtele muita jäseniä kunnioittavasti. Häirintä, uhkaukset, vihapuhe, roskaposti, kaupalliset tarjoukset, muiden henkilötietojen jakaminen ja kaikki alaikäisiä koskeva sisältö ovat kiellettyjä. Kuvien on esitettävä sinua, eivätkä ne saa olla julkisissa osissa eksplisiittisiä.',
          'Voimme poistaa sisältöä sekä jäädyttää tai sulkea sääntöjä rikkovia tilejä, kuten porttikieltokäytännössämme kerrotaan.',
        ],
      },
      {
        heading: '6. Jäsenyyden päättyminen',
        paragraphs: [
          'Voit poistaa tilisi milloin tahansa asetuksista. 14 päivän ajan voit perua poiston vahvistussähköpostin linkillä; sen jälkeen profiilisi ja viestisi poistetaan lopullisesti.',
        ],
      },
      {
        heading: '7. Vastuu',
        paragraphs: [
          'Teemme parhaamme pitääksemme {site}-palvelun saatavilla ja turvallisena, mutta emme voi taata keskeytyksetöntä toimintaa emmekä sitä, että jäsenten kertoma on totta. Vastuumme rajoittuu summaan, jonka olet maksanut meille vahinkoa edeltäneiden kahdentoista kuukauden aikana, paitsi tahallisuuden tai törkeän huolimattomuuden tapauksessa.',
        ],
      },
      {
        heading: '8. Sovellettava laki ja muutokset',
        paragraphs: [
          'Sovelletaan Alankomaiden lakia. Riidat ratkaistaan Amsterdamin toimivaltaisessa tuomioistuimessa, rajoittamatta asuinmaasi pakottavaa kuluttajansuojaa. Ilmoitamme muutoksista sivustolla vähintään 30 päivää etukäteen.',
        ],
      },
    ],
  },
  privacy: {
    title: 'Tietosuojaseloste',
    intro: 'Miten {company} käsittelee henkilötietojasi {site}-palvelussa.',
    sections: [
      {
        heading: 'Rekisterinpitäjä',
        paragraphs: ['{company}, {address}, {city} (KvK {kvk}) on tässä kuvatun käsittelyn rekisterinpitäjä. Kysymykset: {support_email}.'],
      },
      {
        heading: 'Mitä käsittelemme',
        paragraphs: [
          'Sähköpostiosoitteesi, salasanasi (tallennettu vain turvallisena tiivisteenä), profiilinimen, syntymäajan, maan ja alueen, profiilitekstin ja kuvat, viestisi, tykkäykset ja estämäsi jäsenet, krediittiostosi sekä tekniset tiedot kuten IP-osoitteen ja selaimen.',
          'Profiilisi voi paljastaa seksuaalisen suuntautumisesi. Se on erityistä tietoa, jota käsittelemme vain, koska olet itse julkaissut sen.',
        ],
      },
      {
        heading: 'Miksi käsittelemme niitä',
        paragraphs: [
          'Tarjotaksemme palvelun, johon rekisteröidyit (sopimus), hoitaaksemme maksut ja kirjanpidon (lakisääteinen velvoite), estääksemme petoksia ja väärinkäyttöä (oikeutettu etu) ja lähettääksemme ilmoituksia ja tarjouksia, jotka voit aina kytkeä pois (suostumus).',
        ],
      },
      {
        heading: 'Kuinka kauan säilytämme niitä',
        paragraphs: [
          'Niin kauan kuin tilisi on olemassa. Tilin poistamisen jälkeen poistamme profiilin ja viestit 14 päivän kuluttua; maksutositteet säilytetään seitsemän vuotta Alankomaiden verolain mukaisesti.',
          'Vahvistusselfien näkevät vain sinä ja moderaattorimme, ja se poistetaan 30 päivää moderaattorin päätöksen jälkeen; siitä ei tehdä kasvomallia eikä muita biometrisiä tietoja.',
        ],
      },
      {
        heading: 'Kuka saa niitä',
        paragraphs: [
          'Maksupalveluntarjoajat, EU:ssa toimiva palveluntarjoajamme ja sähköpostipalvelu, joka toimittaa viestimme, kukin henkilötietojen käsittelysopimuksella. Emme koskaan myy tietojasi.',
        ],
      },
      {
        heading: 'Oikeutesi',
        paragraphs: [
          'Voit tarkastaa, oikaista, siirtää ja poistattaa tietosi sekä vastustaa niiden käsittelyä. Kirjoita osoitteeseen {support_email}; vastaamme kuukauden kuluessa. Voit myös tehdä valituksen Alankomaiden valvontaviranomaiselle (Autoriteit Persoonsgegevens) tai tietosuojavaltuutetulle.',
        ],
      },
    ],
  },
  cookies: {
    title: 'Evästekäytäntö',
    intro: '{site} käyttää vain muutamaa evästettä, ja kaikki tarvitaan sivuston toimintaan.',
    sections: [
      {
        heading: 'Evästeemme',
        paragraphs: [
          'auth – pitää sinut kirjautuneena (30 päivää). locale – muistaa kielesi (365 päivää). dismissed_… – muistaa, että suljit ilmoituksen, kuten aikuissisällön varoituksen, ja ajankohdan (365 päivää).',
        ],
      },
      {
        heading: 'Ei kolmansien osapuolten seurantaa',
        paragraphs: [
          'Emme käytä muiden yritysten mainos- tai analytiikkaevästeitä. Seuraamasi linkin seurantakoodit (kuten network tai ref) tallennetaan vain sinut lähettäneen kumppanin palkitsemiseksi.',
        ],
      },
      {
        heading: 'Evästeiden hallinta',
        paragraphs: ['Voit poistaa evästeet milloin tahansa selaimen asetuksista. Ilman auth-evästettä et pysy kirjautuneena.'],
      },
    ],
  },
  faq: {
    title: 'Usein kysytyt kysymykset',
    intro: '',
    sections: [
      {
        heading: 'Onko rekisteröityminen maksutonta?',
        paragraphs: [
          'Kyllä. Rekisteröityminen, profiilin luominen ja jäsenten selaaminen ovat maksuttomia. Maksat krediiteistä vain, jos haluat lähettää enemmän viestejä kuin ilmaiset.',
        ],
      },
      {
        heading: 'Onko tämä tilaus?',
        paragraphs: [
          'Ei. Ostat krediittipaketin kerran. Mikään ei uusiudu, ja käyttämättömät krediitit hyvitetään {refund_days} päivän kuluessa.',
        ],
      },
      {
        heading: 'Mitä viesti maksaa?',
        paragraphs: [
          'Viesti maksaa {message_credits} krediittiä, yksityinen kuva {photo_credits} krediittiä ja lahja {gift_credits} krediittiä. Hinnat omassa valuutassasi näet hinnastosivulta.',
        ],
      },
      {
        heading: 'Miksi minun on vahvistettava sähköpostini?',
        paragraphs: ['Ennen vahvistusta muut jäsenet eivät saa viestejäsi. Näin pidämme valetilit poissa.'],
      },
      {
        heading: 'Mitä ovat isäntäprofiilit?',
        paragraphs: [
          'Joitakin profiileja ylläpitävät isännät, jotka chattailevat viihteen vuoksi. Ne on merkitty selvästi, eikä heitä voi tavata.',
        ],
      },
      {
        heading: 'Miten poistan tilini?',
        paragraphs: ['Valitse asetuksista tilin poistaminen. Sinulla on 14 päivää aikaa perua päätös lähettämämme sähköpostin linkillä.'],
      },
    ],
  },
  'return-policy': {
    title: 'Palautusehdot',
    intro: 'Ei tilauksia, ja rahat takaisin käyttämättömistä krediiteistä.',
    sections: [
      {
        heading: 'Käyttämättömien krediittien hyvitys',
        paragraphs: [
          '{refund_days} päivän kuluessa ostosta voit pyytää hyvitystä ostoksen käyttämättömistä krediiteistä. Palautamme vastaavan osan hinnasta 14 päivän kuluessa käyttämälläsi maksutavalla.',
        ],
      },
      {
        heading: 'Näin pyydät hyvitystä',
        paragraphs: [
          'Lähetä sähköpostia osoitteeseen {support_email} tilisi osoitteesta tai käytä valituslomaketta ja mainitse ostopäivä.',
        ],
      },
      {
        heading: 'Mitä ei hyvitetä',
        paragraphs: ['Viesteihin, kuviin tai lahjoihin jo käytettyjä krediittejä, ilmaisia krediittejä eikä alennuksen bonuskrediittejä.'],
      },
    ],
  },
  service: {
    title: 'Asiakaspalvelu',
    intro: 'Autamme mielellämme tiliin, maksuihin ja kaikkeen muuhun {site}-palveluun liittyvässä.',
    sections: [
      {
        heading: 'Yhteystiedot',
        paragraphs: [
          'Sähköposti: {support_email}. Puhelin: {support_phone} (maanantaista perjantaihin klo 9–17 CET). Posti: {company}, {address}, {city}.',
        ],
      },
      {
        heading: 'Vastausaika',
        paragraphs: ['Vastaamme sähköposteihin yhden arkipäivän kuluessa. Valitukset käsitellään 14 päivän kuluessa.'],
      },
      {
        heading: 'Ennen kuin kirjoitat',
        paragraphs: [
          'Moniin kysymyksiin löytyy vastaus usein kysytyistä kysymyksistä. Unohditko salasanan? Käytä salasanan palautusta kirjautumissivulla.',
        ],
      },
    ],
  },
  ban: {
    title: 'Porttikieltokäytäntö',
    intro: 'Pitääksemme {site}-palvelun turvallisena puutumme sääntöjä rikkovien jäsenten toimintaan.',
    sections: [
      {
        heading: 'Porttikiellon syyt',
        paragraphs: [
          'Mikä tahansa viite alaikäiseen, häirintä tai uhkaukset, vihapuhe, roskaposti tai mainonta, huijaukset tai rahan pyytäminen, väärennetyt tai muiden kuvat sekä maksupetokset.',
        ],
      },
      {
        heading: 'Mitä tapahtuu',
        paragraphs: [
          'Vakavuuden mukaan poistamme sisällön, annamme varoituksen, jäädytämme tilin määräajaksi tai suljemme sen pysyvästi. Petoksen vuoksi suljetun tilin krediittejä ei hyvitetä.',
        ],
      },
      {
        heading: 'Muutoksenhaku',
        paragraphs: [
          'Jos katsot, että teimme virheen, kirjoita osoitteeseen {support_email} 30 päivän kuluessa. Asiaan osallistumaton kollega arvioi päätöksen uudelleen ja vastaa 14 päivän kuluessa.',
        ],
      },
    ],
  },
  '2257': {
    title: '18 U.S.C. 2257 -vaatimustenmukaisuusilmoitus tietojen säilyttämisestä',
    intro: '',
    sections: [
      {
        heading: 'Ilmoitus',
        paragraphs: [
          'Kaikki {site}-palvelussa kuvatut henkilöt olivat vähintään 18-vuotiaita kuvaushetkellä. {site} ei tuota seksuaalisesti eksplisiittistä sisältöä; jäsenet lataavat kuvat itse ja vakuuttavat rekisteröityessään olevansa täysi-ikäisiä ja esiintyvänsä kuvissa itse.',
        ],
      },
      {
        heading: 'Tietojen säilyttäjä',
        paragraphs: [
          'Tämän sivuston ylläpitäjä ei ole sisällön ensisijainen tuottaja. Kysymykset näistä tiedoista: {company}, {address}, {city}, {country}, {support_email}.',
        ],
      },
    ],
  },
};
