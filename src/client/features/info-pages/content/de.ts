import type { InfoContent } from './types';

export const content: InfoContent = {
  terms: {
    title: 'Allgemeine Geschäftsbedingungen',
    intro: 'Diese Bedingungen gelten für jede Nutzung von {site} ({domain}). Fassung vom {terms_date}.',
    sections: [
      {
        heading: '1. Wer wir sind',
        paragraphs: [
          '{site} wird betrieben von {company}, {address}, {city}, eingetragen bei der niederländischen Handelskammer (KvK) unter der Nummer {kvk}, USt-IdNr. {vat}. Du erreichst uns unter {support_email} oder {support_phone}.',
        ],
      },
      {
        heading: '2. Mitgliedschaft',
        paragraphs: [
          'Du musst mindestens 18 Jahre alt sein, um {site} zu besuchen oder Mitglied zu werden. Die Anmeldung ist kostenlos und erfordert eine gültige E-Mail-Adresse, die du über den zugesandten Link bestätigst.',
          'Dein Konto ist persönlich. Halte dein Passwort geheim; du bist für alles verantwortlich, was mit deinem Konto geschieht.',
        ],
      },
      {
        heading: '3. Credits und Zahlungen',
        paragraphs: [
          'Kostenlose Mitglieder können einen Teil der Funktionen nutzen. Eine Nachricht kostet {message_credits} Credits, ein privates Foto {photo_credits} Credits und ein Geschenk {gift_credits} Credits. Credits kaufst du in einmaligen Paketen: Es gibt kein Abonnement und nichts verlängert sich automatisch.',
          'Nicht genutzte Credits werden innerhalb von {refund_days} Tagen nach dem Kauf erstattet, wie in unseren Rückgaberegeln beschrieben.',
        ],
      },
      {
        heading: '4. Host-Profile',
        paragraphs: [
          'Einige Profile werden von Hosts geführt, die zur Unterhaltung chatten. Sie sind entsprechend gekennzeichnet und können nicht persönlich getroffen werden. Echte Mitglieder werden nie gekennzeichnet.',
        ],
      },
      {
        heading: '5. Verhaltensregeln',
        paragraphs: [
          'Behandle andere Mitglieder mit Respekt. Belästigung, Drohungen, Hassrede, Spam, kommerzielle Angebote, die Weitergabe personenbezogener Daten anderer und jegliche Inhalte mit Minderjährigen sind verboten. Fotos müssen dich selbst zeigen und dürfen in öffentlichen Bereichen nicht explizit sein.',
          'Wir können Inhalte entfernen und Konten, die gegen diese Regeln verstoßen, sperren oder schließen, wie in unseren Sperrregeln erklärt.',
        ],
      },
      {
        heading: '6. Ende der Mitgliedschaft',
        paragraphs: [
          'Du kannst dein Konto jederzeit in deinen Einstellungen löschen. 14 Tage lang kannst du die Löschung über den Link in der Bestätigungs-E-Mail rückgängig machen; danach werden dein Profil und deine Nachrichten endgültig entfernt.',
        ],
      },
      {
        heading: '7. Haftung',
        paragraphs: [
          'Wir tun unser Bestes, damit {site} verfügbar und sicher bleibt, können aber keinen unterbrechungsfreien Betrieb und nicht die Richtigkeit der Angaben von Mitgliedern garantieren. Unsere Haftung ist auf den Betrag begrenzt, den du uns in den zwölf Monaten vor dem Schaden gezahlt hast, außer bei Vorsatz oder grober Fahrlässigkeit.',
        ],
      },
      {
        heading: '8. Anwendbares Recht und Änderungen',
        paragraphs: [
          'Es gilt niederländisches Recht. Zuständig ist das Gericht in Amsterdam, unbeschadet des zwingenden Verbraucherschutzes deines Wohnsitzlandes. Änderungen dieser Bedingungen kündigen wir mindestens 30 Tage vorher auf der Website an.',
        ],
      },
    ],
  },
  privacy: {
    title: 'Datenschutzerklärung',
    intro: 'Wie {company} mit deinen personenbezogenen Daten auf {site} umgeht.',
    sections: [
      {
        heading: 'Verantwortlicher',
        paragraphs: [
          '{company}, {address}, {city} (KvK {kvk}) ist für die hier beschriebene Verarbeitung verantwortlich. Fragen: {support_email}.',
        ],
      },
      {
        heading: 'Was wir verarbeiten',
        paragraphs: [
          'Deine E-Mail-Adresse, dein Passwort (nur als sicherer Hash gespeichert), Profilname, Geburtsdatum, Land und Region, Profiltext und Fotos, deine Nachrichten, Likes und die von dir blockierten Mitglieder, deine Credit-Käufe sowie technische Daten wie IP-Adresse und Browser.',
          'Dein Profil kann deine sexuelle Orientierung erkennen lassen. Das sind besondere Kategorien personenbezogener Daten; wir verarbeiten sie nur, weil du sie selbst in deinem Profil veröffentlicht hast.',
        ],
      },
      {
        heading: 'Warum wir sie verarbeiten',
        paragraphs: [
          'Um den Dienst zu erbringen, für den du dich angemeldet hast (Vertrag), um Zahlungen abzuwickeln und Bücher zu führen (rechtliche Pflicht), um Betrug und Missbrauch zu verhindern (berechtigtes Interesse) und um dir Benachrichtigungen und Angebote zu senden, die du jederzeit abschalten kannst (Einwilligung).',
        ],
      },
      {
        heading: 'Wie lange wir sie speichern',
        paragraphs: [
          'Solange dein Konto besteht. Nach der Löschung deines Kontos entfernen wir Profil und Nachrichten nach 14 Tagen; Zahlungsbelege bewahren wir sieben Jahre auf, wie es das niederländische Steuerrecht verlangt.',
          'Ein Verifizierungs-Selfie sehen nur du und unsere Moderatoren; es wird 30 Tage nach der Entscheidung des Moderators gelöscht, und es wird kein Gesichtsmodell und keine anderen biometrischen Daten daraus erstellt.',
        ],
      },
      {
        heading: 'Wer sie erhält',
        paragraphs: [
          'Zahlungsdienstleister, unser Hosting-Anbieter in der Europäischen Union und der E-Mail-Dienst, der unsere Nachrichten zustellt, jeweils mit einem Auftragsverarbeitungsvertrag. Wir verkaufen deine Daten nie.',
        ],
      },
      {
        heading: 'Deine Rechte',
        paragraphs: [
          'Du kannst deine Daten einsehen, berichtigen, exportieren und löschen lassen und der Verarbeitung widersprechen. Schreib an {support_email}; wir antworten innerhalb eines Monats. Du kannst dich auch bei der niederländischen Datenschutzbehörde (Autoriteit Persoonsgegevens) oder der Behörde deines Landes beschweren.',
        ],
      },
    ],
  },
  cookies: {
    title: 'Cookie-Richtlinie',
    intro: '{site} verwendet nur wenige Cookies, die alle für den Betrieb der Website nötig sind.',
    sections: [
      {
        heading: 'Unsere Cookies',
        paragraphs: [
          'auth – hält dich angemeldet (30 Tage). locale – merkt sich deine Sprache (365 Tage). dismissed_… – merkt sich, dass du einen Hinweis wie die Warnung vor Inhalten für Erwachsene geschlossen hast, mit dem Zeitpunkt (365 Tage).',
        ],
      },
      {
        heading: 'Kein Tracking durch Dritte',
        paragraphs: [
          'Wir verwenden keine Werbe- oder Analyse-Cookies anderer Unternehmen. Tracking-Codes in einem Link, dem du gefolgt bist (etwa network oder ref), speichern wir nur, um den vermittelnden Partner zu vergüten.',
        ],
      },
      {
        heading: 'Cookies verwalten',
        paragraphs: [
          'Du kannst Cookies jederzeit in den Einstellungen deines Browsers löschen. Ohne das auth-Cookie bleibst du nicht angemeldet.',
        ],
      },
    ],
  },
  faq: {
    title: 'Häufige Fragen',
    intro: '',
    sections: [
      {
        heading: 'Ist die Anmeldung kostenlos?',
        paragraphs: [
          'Ja. Anmelden, ein Profil erstellen und Mitglieder ansehen ist kostenlos. Du zahlst nur für Credits, wenn du mehr als die kostenlosen Nachrichten senden möchtest.',
        ],
      },
      {
        heading: 'Ist das ein Abonnement?',
        paragraphs: [
          'Nein. Du kaufst einmalig ein Credit-Paket. Nichts verlängert sich automatisch und nicht genutzte Credits werden innerhalb von {refund_days} Tagen erstattet.',
        ],
      },
      {
        heading: 'Was kostet eine Nachricht?',
        paragraphs: [
          'Eine Nachricht kostet {message_credits} Credits, ein privates Foto {photo_credits} Credits und ein Geschenk {gift_credits} Credits. Die Beträge in deiner Währung findest du auf der Preisseite.',
        ],
      },
      {
        heading: 'Warum muss ich meine E-Mail-Adresse bestätigen?',
        paragraphs: ['Bis zur Bestätigung erhalten andere Mitglieder deine Nachrichten nicht. So halten wir Fake-Konten fern.'],
      },
      {
        heading: 'Was sind Host-Profile?',
        paragraphs: [
          'Einige Profile werden von Hosts geführt, die zur Unterhaltung chatten. Sie sind deutlich gekennzeichnet und können nicht persönlich getroffen werden.',
        ],
      },
      {
        heading: 'Wie lösche ich mein Konto?',
        paragraphs: [
          'Öffne deine Einstellungen und wähle „Konto löschen“. Über den Link in unserer E-Mail kannst du es dir 14 Tage lang anders überlegen.',
        ],
      },
    ],
  },
  'return-policy': {
    title: 'Rückgaberegeln',
    intro: 'Keine Abos, und dein Geld zurück für Credits, die du nicht genutzt hast.',
    sections: [
      {
        heading: 'Erstattung nicht genutzter Credits',
        paragraphs: [
          'Innerhalb von {refund_days} Tagen nach einem Kauf kannst du die nicht genutzten Credits dieses Kaufs zurückgeben. Wir erstatten den entsprechenden Teil des Preises innerhalb von 14 Tagen über die verwendete Zahlungsmethode.',
        ],
      },
      {
        heading: 'So beantragst du es',
        paragraphs: [
          'Schreib eine E-Mail an {support_email} von der Adresse deines Kontos oder nutze das Beschwerdeformular und nenne das Kaufdatum.',
        ],
      },
      {
        heading: 'Was nicht erstattet wird',
        paragraphs: [
          'Credits, die du bereits für Nachrichten, Fotos oder Geschenke ausgegeben hast, kostenlose Credits und Bonus-Credits aus einem Rabatt.',
        ],
      },
    ],
  },
  service: {
    title: 'Kundenservice',
    intro: 'Wir helfen dir gern bei deinem Konto, bei Zahlungen und allem rund um {site}.',
    sections: [
      {
        heading: 'Kontakt',
        paragraphs: [
          'E-Mail: {support_email}. Telefon: {support_phone} (Montag bis Freitag, 9–17 Uhr MEZ). Post: {company}, {address}, {city}.',
        ],
      },
      {
        heading: 'Antwortzeit',
        paragraphs: ['E-Mails beantworten wir innerhalb eines Werktags. Beschwerden bearbeiten wir innerhalb von 14 Tagen.'],
      },
      {
        heading: 'Bevor du schreibst',
        paragraphs: [
          'Viele Fragen beantworten die häufigen Fragen. Passwort vergessen? Nutze die Passwort-Zurücksetzung auf der Anmeldeseite.',
        ],
      },
    ],
  },
  ban: {
    title: 'Sperrregeln',
    intro: 'Damit {site} sicher bleibt, gehen wir gegen Mitglieder vor, die gegen die Regeln verstoßen.',
    sections: [
      {
        heading: 'Gründe für eine Sperre',
        paragraphs: [
          'Jeder Hinweis auf Minderjährige, Belästigung oder Drohungen, Hassrede, Spam oder Werbung, Betrug oder Geldforderungen, gefälschte oder fremde Fotos sowie Zahlungsbetrug.',
        ],
      },
      {
        heading: 'Was passiert',
        paragraphs: [
          'Je nach Schwere entfernen wir den Inhalt, sprechen eine Verwarnung aus, sperren das Konto vorübergehend oder schließen es endgültig. Credits eines wegen Betrugs geschlossenen Kontos werden nicht erstattet.',
        ],
      },
      {
        heading: 'Widerspruch',
        paragraphs: [
          'Wenn du meinst, dass wir uns geirrt haben, schreib innerhalb von 30 Tagen an {support_email}. Ein unbeteiligter Kollege prüft die Entscheidung und antwortet innerhalb von 14 Tagen.',
        ],
      },
    ],
  },
  '2257': {
    title: 'Erklärung zu den Aufbewahrungspflichten nach 18 U.S.C. 2257',
    intro: '',
    sections: [
      {
        heading: 'Erklärung',
        paragraphs: [
          'Alle Personen, die auf {site} abgebildet sind, waren zum Zeitpunkt der Aufnahme mindestens 18 Jahre alt. {site} produziert keine sexuell expliziten Inhalte; Fotos werden von den Mitgliedern selbst hochgeladen, die bei der Anmeldung erklären, volljährig zu sein und sich selbst zu zeigen.',
        ],
      },
      {
        heading: 'Verwahrer der Unterlagen',
        paragraphs: [
          'Der Betreiber dieser Website ist kein Primärproduzent von Inhalten. Fragen zu diesen Unterlagen: {company}, {address}, {city}, {country}, {support_email}.',
        ],
      },
    ],
  },
};
