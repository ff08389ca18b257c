/** Error texts of push subscriptions and notification e-mails; merged into the one catalogue of lib/i18n.ts. */
export const PUSH_MESSAGES = {
  push_endpoint_refused: {
    en: 'This browser’s push service is not accepted, so notifications stay off.',
    nl: 'De pushdienst van deze browser wordt niet geaccepteerd, dus meldingen blijven uit.',
    de: 'Der Push-Dienst dieses Browsers wird nicht akzeptiert, daher bleiben Benachrichtigungen aus.',
    it: 'Il servizio push di questo browser non è accettato, quindi le notifiche restano disattivate.',
    fr: 'Le service push de ce navigateur n’est pas accepté : les notifications restent désactivées.',
    es: 'El servicio push de este navegador no se acepta, así que las notificaciones siguen desactivadas.',
    pl: 'Usługa push tej przeglądarki nie jest akceptowana, więc powiadomienia pozostają wyłączone.',
    da: 'Denne browsers push-tjeneste accepteres ikke, så notifikationer forbliver slået fra.',
    fi: 'Tämän selaimen push-palvelua ei hyväksytä, joten ilmoitukset pysyvät pois päältä.',
    nb: 'Denne nettleserens push-tjeneste godtas ikke, så varsler forblir av.',
    sv: 'Den här webbläsarens push-tjänst godtas inte, så aviseringar förblir avstängda.',
  },
  unsubscribe_link_invalid: {
    en: 'This unsubscribe link is not valid. You can switch e-mails off in your notification settings.',
    nl: 'Deze afmeldlink is ongeldig. Je kunt e-mails uitzetten in je meldingsinstellingen.',
    de: 'Dieser Abmeldelink ist ungültig. Du kannst E-Mails in deinen Benachrichtigungseinstellungen ausschalten.',
    it: 'Questo link di disiscrizione non è valido. Puoi disattivare le e-mail nelle impostazioni delle notifiche.',
    fr: 'Ce lien de désabonnement n’est pas valide. Vous pouvez désactiver les e-mails dans vos paramètres de notification.',
    es: 'Este enlace para darse de baja no es válido. Puedes desactivar los correos en tu configuración de avisos.',
    pl: 'Ten link do wypisania jest nieprawidłowy. Możesz wyłączyć e-maile w ustawieniach powiadomień.',
    da: 'Dette afmeldingslink er ugyldigt. Du kan slå e-mails fra i dine notifikationsindstillinger.',
    fi: 'Tämä peruutuslinkki ei ole kelvollinen. Voit poistaa sähköpostit käytöstä ilmoitusasetuksissa.',
    nb: 'Denne avmeldingslenken er ugyldig. Du kan slå av e-post i varslingsinnstillingene.',
    sv: 'Den här avregistreringslänken är ogiltig. Du kan stänga av mejl i dina aviseringsinställningar.',
  },
} as const;
