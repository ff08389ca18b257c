import type { Locale } from '../../../src/shared/locales';
import { escapeHtml } from '../../../src/shared/html';

export type MailKind =
  'activate' | 'reset_password' | 'mail_change' | 'account_deleted' | 'signup_duplicate' | 'mail_change_notice' | 'login_link';

interface MailText {
  subject: string;
  intro: string;
  action: string;
  outro: string;
}

/** Account mails in every interface locale; `{site}`, `{hours}`, `{minutes}` and `{days}` are filled in. */
const TEXTS: Record<Locale, Record<MailKind, MailText>> = {
  en: {
    activate: {
      subject: 'Confirm your e-mail address for {site}',
      intro: 'Welcome to {site}! Confirm your e-mail address so other members receive your messages.',
      action: 'Confirm e-mail address',
      outro: 'The link works once and for {hours} hours. Did you not sign up? Then ignore this e-mail.',
    },
    reset_password: {
      subject: 'Reset your password for {site}',
      intro: 'Someone asked to reset the password of your {site} account.',
      action: 'Choose a new password',
      outro: 'The link works once and for {hours} hours. Did you not ask for this? Then ignore this e-mail; your password stays the same.',
    },
    mail_change: {
      subject: 'Confirm your new e-mail address for {site}',
      intro: 'Confirm that this is the new e-mail address of your {site} account.',
      action: 'Confirm new e-mail address',
      outro: 'The link works once and for {hours} hours. Did you not ask for this? Then ignore this e-mail.',
    },
    account_deleted: {
      subject: 'Your {site} account has been deleted',
      intro: 'Your {site} account has been deleted and is no longer visible. Changed your mind? You can take it back within {days} days.',
      action: 'Reactivate my account',
      outro: 'After {days} days your personal data is removed for good.',
    },
    signup_duplicate: {
      subject: 'Signing up at {site}',
      intro: 'Someone tried to sign up at {site} with this e-mail address. This e-mail address already has an account on this site.',
      action: 'Reset your password',
      outro: 'Was it you? Log in, or choose a new password with the link. Was it not you? Then ignore this e-mail.',
    },
    mail_change_notice: {
      subject: 'Your e-mail address at {site} is about to change',
      intro:
        'Someone asked to change the e-mail address of your {site} account. The change happens only when the new address is confirmed, within {hours} hours.',
      action: 'Choose a new password',
      outro: 'Was it you? Then there is nothing to do. Was it not you? Choose a new password right away: that also cancels the change.',
    },
    login_link: {
      subject: 'Your sign-in link for {site}',
      intro: 'Someone asked for a link to sign in to your {site} account without a password. It signs in the browser in which you open it.',
      action: 'Sign in',
      outro:
        'The link works once and for {minutes} minutes. Did you not ask for this? Then ignore this e-mail; nobody can sign in without it. Whoever tries wrong passwords cannot lock you out: this link always works.',
    },
  },
  nl: {
    activate: {
      subject: 'Bevestig je e-mailadres voor {site}',
      intro: 'Welkom bij {site}! Bevestig je e-mailadres zodat andere leden je berichten ontvangen.',
      action: 'E-mailadres bevestigen',
      outro: 'De link werkt één keer en {hours} uur lang. Heb je je niet aangemeld? Negeer dan deze e-mail.',
    },
    reset_password: {
      subject: 'Herstel je wachtwoord voor {site}',
      intro: 'Iemand heeft gevraagd het wachtwoord van je {site}-account te herstellen.',
      action: 'Kies een nieuw wachtwoord',
      outro:
        'De link werkt één keer en {hours} uur lang. Heb je dit niet gevraagd? Negeer dan deze e-mail; je wachtwoord blijft hetzelfde.',
    },
    mail_change: {
      subject: 'Bevestig je nieuwe e-mailadres voor {site}',
      intro: 'Bevestig dat dit het nieuwe e-mailadres van je {site}-account is.',
      action: 'Nieuw e-mailadres bevestigen',
      outro: 'De link werkt één keer en {hours} uur lang. Heb je dit niet gevraagd? Negeer dan deze e-mail.',
    },
    account_deleted: {
      subject: 'Je {site}-account is verwijderd',
      intro: 'Je {site}-account is verwijderd en niet meer zichtbaar. Bedacht? Binnen {days} dagen kun je het terugnemen.',
      action: 'Mijn account heractiveren',
      outro: 'Na {days} dagen worden je persoonlijke gegevens definitief verwijderd.',
    },
    signup_duplicate: {
      subject: 'Aanmelden bij {site}',
      intro: 'Iemand probeerde zich bij {site} aan te melden met dit e-mailadres. Dit e-mailadres heeft al een account op deze site.',
      action: 'Herstel je wachtwoord',
      outro: 'Was jij dat? Log in, of kies met de link een nieuw wachtwoord. Was jij het niet? Negeer dan deze e-mail.',
    },
    mail_change_notice: {
      subject: 'Je e-mailadres bij {site} wordt gewijzigd',
      intro:
        'Iemand heeft gevraagd het e-mailadres van je {site}-account te wijzigen. De wijziging gaat pas in als het nieuwe adres binnen {hours} uur is bevestigd.',
      action: 'Kies een nieuw wachtwoord',
      outro: 'Was jij dat? Dan hoef je niets te doen. Was jij het niet? Kies meteen een nieuw wachtwoord: dat annuleert ook de wijziging.',
    },
    login_link: {
      subject: 'Je inloglink voor {site}',
      intro:
        'Iemand heeft een link gevraagd om zonder wachtwoord in te loggen op je {site}-account. Hij logt in in de browser waarin je hem opent.',
      action: 'Inloggen',
      outro:
        'De link werkt één keer en {minutes} minuten lang. Heb je dit niet gevraagd? Negeer dan deze e-mail; zonder de link kan niemand inloggen. Wie verkeerde wachtwoorden probeert, kan je niet buitensluiten: deze link werkt altijd.',
    },
  },
  de: {
    activate: {
      subject: 'Bestätige deine E-Mail-Adresse für {site}',
      intro: 'Willkommen bei {site}! Bestätige deine E-Mail-Adresse, damit andere Mitglieder deine Nachrichten erhalten.',
      action: 'E-Mail-Adresse bestätigen',
      outro: 'Der Link funktioniert einmal und {hours} Stunden lang. Du hast dich nicht angemeldet? Dann ignoriere diese E-Mail.',
    },
    reset_password: {
      subject: 'Setze dein Passwort für {site} zurück',
      intro: 'Jemand hat darum gebeten, das Passwort deines {site}-Kontos zurückzusetzen.',
      action: 'Neues Passwort wählen',
      outro:
        'Der Link funktioniert einmal und {hours} Stunden lang. Du warst das nicht? Dann ignoriere diese E-Mail; dein Passwort bleibt gleich.',
    },
    mail_change: {
      subject: 'Bestätige deine neue E-Mail-Adresse für {site}',
      intro: 'Bestätige, dass dies die neue E-Mail-Adresse deines {site}-Kontos ist.',
      action: 'Neue E-Mail-Adresse bestätigen',
      outro: 'Der Link funktioniert einmal und {hours} Stunden lang. Du warst das nicht? Dann ignoriere diese E-Mail.',
    },
    account_deleted: {
      subject: 'Dein {site}-Konto wurde gelöscht',
      intro:
        'Dein {site}-Konto wurde gelöscht und ist nicht mehr sichtbar. Umentschieden? Innerhalb von {days} Tagen kannst du es zurückholen.',
      action: 'Mein Konto reaktivieren',
      outro: 'Nach {days} Tagen werden deine persönlichen Daten endgültig gelöscht.',
    },
    signup_duplicate: {
      subject: 'Anmeldung bei {site}',
      intro:
        'Jemand hat versucht, sich mit dieser E-Mail-Adresse bei {site} anzumelden. Für diese E-Mail-Adresse gibt es auf dieser Seite bereits ein Konto.',
      action: 'Passwort zurücksetzen',
      outro: 'Warst du das? Melde dich an oder wähle mit dem Link ein neues Passwort. Warst du es nicht? Dann ignoriere diese E-Mail.',
    },
    mail_change_notice: {
      subject: 'Deine E-Mail-Adresse bei {site} soll geändert werden',
      intro:
        'Jemand hat darum gebeten, die E-Mail-Adresse deines {site}-Kontos zu ändern. Die Änderung gilt erst, wenn die neue Adresse innerhalb von {hours} Stunden bestätigt wird.',
      action: 'Neues Passwort wählen',
      outro: 'Warst du das? Dann musst du nichts tun. Warst du es nicht? Wähle sofort ein neues Passwort: Das bricht die Änderung auch ab.',
    },
    login_link: {
      subject: 'Dein Anmeldelink für {site}',
      intro:
        'Jemand hat einen Link angefordert, um sich ohne Passwort bei deinem {site}-Konto anzumelden. Er meldet den Browser an, in dem du ihn öffnest.',
      action: 'Anmelden',
      outro:
        'Der Link funktioniert einmal und {minutes} Minuten lang. Du warst das nicht? Dann ignoriere diese E-Mail; ohne den Link kann sich niemand anmelden. Wer falsche Passwörter ausprobiert, kann dich nicht aussperren: Dieser Link funktioniert immer.',
    },
  },
  it: {
    activate: {
      subject: 'Conferma il tuo indirizzo e-mail per {site}',
      intro: 'Benvenuto su {site}! Conferma il tuo indirizzo e-mail così gli altri membri riceveranno i tuoi messaggi.',
      action: 'Conferma indirizzo e-mail',
      outro: 'Il link funziona una sola volta e per {hours} ore. Non ti sei iscritto? Ignora questa e-mail.',
    },
    reset_password: {
      subject: 'Reimposta la tua password per {site}',
      intro: 'Qualcuno ha chiesto di reimpostare la password del tuo account {site}.',
      action: 'Scegli una nuova password',
      outro: 'Il link funziona una sola volta e per {hours} ore. Non l’hai chiesto tu? Ignora questa e-mail; la password resta la stessa.',
    },
    mail_change: {
      subject: 'Conferma il tuo nuovo indirizzo e-mail per {site}',
      intro: 'Conferma che questo è il nuovo indirizzo e-mail del tuo account {site}.',
      action: 'Conferma nuovo indirizzo e-mail',
      outro: 'Il link funziona una sola volta e per {hours} ore. Non l’hai chiesto tu? Ignora questa e-mail.',
    },
    account_deleted: {
      subject: 'Il tuo account {site} è stato eliminato',
      intro: 'Il tuo account {site} è stato eliminato e non è più visibile. Hai cambiato idea? Puoi recuperarlo entro {days} giorni.',
      action: 'Riattiva il mio account',
      outro: 'Dopo {days} giorni i tuoi dati personali vengono cancellati definitivamente.',
    },
    signup_duplicate: {
      subject: 'Iscrizione a {site}',
      intro:
        'Qualcuno ha provato a iscriversi a {site} con questo indirizzo e-mail. Questo indirizzo e-mail ha già un account su questo sito.',
      action: 'Reimposta la password',
      outro: 'Eri tu? Accedi, oppure scegli una nuova password con il link. Non eri tu? Ignora questa e-mail.',
    },
    mail_change_notice: {
      subject: 'Il tuo indirizzo e-mail su {site} sta per cambiare',
      intro:
        'Qualcuno ha chiesto di cambiare l’indirizzo e-mail del tuo account {site}. La modifica avviene solo se il nuovo indirizzo viene confermato entro {hours} ore.',
      action: 'Scegli una nuova password',
      outro:
        'Sei stato tu? Allora non devi fare nulla. Non sei stato tu? Scegli subito una nuova password: così annulli anche la modifica.',
    },
    login_link: {
      subject: 'Il tuo link di accesso per {site}',
      intro: 'Qualcuno ha chiesto un link per accedere al tuo account {site} senza password. Il link accede nel browser in cui lo apri.',
      action: 'Accedi',
      outro:
        'Il link funziona una sola volta e per {minutes} minuti. Non l’hai chiesto tu? Ignora questa e-mail; senza il link nessuno può accedere. Chi prova password sbagliate non può escluderti: questo link funziona sempre.',
    },
  },
  fr: {
    activate: {
      subject: 'Confirme ton adresse e-mail pour {site}',
      intro: 'Bienvenue sur {site} ! Confirme ton adresse e-mail pour que les autres membres reçoivent tes messages.',
      action: 'Confirmer l’adresse e-mail',
      outro: 'Le lien fonctionne une fois et pendant {hours} heures. Tu ne t’es pas inscrit ? Ignore cet e-mail.',
    },
    reset_password: {
      subject: 'Réinitialise ton mot de passe pour {site}',
      intro: 'Quelqu’un a demandé à réinitialiser le mot de passe de ton compte {site}.',
      action: 'Choisir un nouveau mot de passe',
      outro:
        'Le lien fonctionne une fois et pendant {hours} heures. Ce n’était pas toi ? Ignore cet e-mail ; ton mot de passe ne change pas.',
    },
    mail_change: {
      subject: 'Confirme ta nouvelle adresse e-mail pour {site}',
      intro: 'Confirme que c’est la nouvelle adresse e-mail de ton compte {site}.',
      action: 'Confirmer la nouvelle adresse',
      outro: 'Le lien fonctionne une fois et pendant {hours} heures. Ce n’était pas toi ? Ignore cet e-mail.',
    },
    account_deleted: {
      subject: 'Ton compte {site} a été supprimé',
      intro: 'Ton compte {site} a été supprimé et n’est plus visible. Tu as changé d’avis ? Tu peux le récupérer dans les {days} jours.',
      action: 'Réactiver mon compte',
      outro: 'Après {days} jours, tes données personnelles sont définitivement effacées.',
    },
    signup_duplicate: {
      subject: 'Inscription sur {site}',
      intro: 'Quelqu’un a essayé de s’inscrire sur {site} avec cette adresse e-mail. Cette adresse e-mail a déjà un compte sur ce site.',
      action: 'Réinitialiser le mot de passe',
      outro: 'C’était toi ? Connecte-toi, ou choisis un nouveau mot de passe avec le lien. Ce n’était pas toi ? Ignore cet e-mail.',
    },
    mail_change_notice: {
      subject: 'Ton adresse e-mail sur {site} va changer',
      intro:
        'Quelqu’un a demandé de changer l’adresse e-mail de ton compte {site}. Le changement n’a lieu que si la nouvelle adresse est confirmée dans les {hours} heures.',
      action: 'Choisir un nouveau mot de passe',
      outro:
        'C’était toi ? Alors tu n’as rien à faire. Ce n’était pas toi ? Choisis tout de suite un nouveau mot de passe : cela annule aussi le changement.',
    },
    login_link: {
      subject: 'Ton lien de connexion pour {site}',
      intro:
        'Quelqu’un a demandé un lien pour se connecter à ton compte {site} sans mot de passe. Il connecte le navigateur dans lequel tu l’ouvres.',
      action: 'Se connecter',
      outro:
        'Le lien fonctionne une fois et pendant {minutes} minutes. Ce n’était pas toi ? Ignore cet e-mail ; sans le lien, personne ne peut se connecter. Quelqu’un qui essaie de mauvais mots de passe ne peut pas te bloquer : ce lien fonctionne toujours.',
    },
  },
  es: {
    activate: {
      subject: 'Confirma tu dirección de correo para {site}',
      intro: '¡Bienvenido a {site}! Confirma tu dirección de correo para que otros miembros reciban tus mensajes.',
      action: 'Confirmar dirección de correo',
      outro: 'El enlace funciona una vez y durante {hours} horas. ¿No te has registrado? Ignora este correo.',
    },
    reset_password: {
      subject: 'Restablece tu contraseña de {site}',
      intro: 'Alguien ha pedido restablecer la contraseña de tu cuenta de {site}.',
      action: 'Elegir una nueva contraseña',
      outro: 'El enlace funciona una vez y durante {hours} horas. ¿No lo has pedido tú? Ignora este correo; tu contraseña no cambia.',
    },
    mail_change: {
      subject: 'Confirma tu nueva dirección de correo para {site}',
      intro: 'Confirma que esta es la nueva dirección de correo de tu cuenta de {site}.',
      action: 'Confirmar nueva dirección',
      outro: 'El enlace funciona una vez y durante {hours} horas. ¿No lo has pedido tú? Ignora este correo.',
    },
    account_deleted: {
      subject: 'Tu cuenta de {site} se ha eliminado',
      intro:
        'Tu cuenta de {site} se ha eliminado y ya no es visible. ¿Has cambiado de idea? Puedes recuperarla en un plazo de {days} días.',
      action: 'Reactivar mi cuenta',
      outro: 'Pasados {days} días, tus datos personales se borran definitivamente.',
    },
    signup_duplicate: {
      subject: 'Registro en {site}',
      intro:
        'Alguien ha intentado registrarse en {site} con esta dirección de correo. Esta dirección de correo ya tiene una cuenta en este sitio.',
      action: 'Restablecer la contraseña',
      outro: '¿Has sido tú? Inicia sesión o elige una nueva contraseña con el enlace. ¿No has sido tú? Ignora este correo.',
    },
    mail_change_notice: {
      subject: 'Tu dirección de correo en {site} va a cambiar',
      intro:
        'Alguien ha pedido cambiar la dirección de correo de tu cuenta de {site}. El cambio solo se hace si la nueva dirección se confirma en {hours} horas.',
      action: 'Elegir una nueva contraseña',
      outro:
        '¿Has sido tú? Entonces no tienes que hacer nada. ¿No has sido tú? Elige ahora mismo una nueva contraseña: eso también cancela el cambio.',
    },
    login_link: {
      subject: 'Tu enlace de acceso para {site}',
      intro:
        'Alguien ha pedido un enlace para entrar en tu cuenta de {site} sin contraseña. Inicia sesión en el navegador en el que lo abras.',
      action: 'Iniciar sesión',
      outro:
        'El enlace funciona una vez y durante {minutes} minutos. ¿No lo has pedido tú? Ignora este correo; sin el enlace nadie puede entrar. Quien pruebe contraseñas incorrectas no puede dejarte fuera: este enlace siempre funciona.',
    },
  },
  pl: {
    activate: {
      subject: 'Potwierdź swój adres e-mail w {site}',
      intro: 'Witaj w {site}! Potwierdź swój adres e-mail, aby inni członkowie otrzymywali Twoje wiadomości.',
      action: 'Potwierdź adres e-mail',
      outro: 'Link działa jeden raz i przez {hours} godz. Nie rejestrowałeś się? Zignoruj tę wiadomość.',
    },
    reset_password: {
      subject: 'Zresetuj hasło w {site}',
      intro: 'Ktoś poprosił o zresetowanie hasła do Twojego konta w {site}.',
      action: 'Wybierz nowe hasło',
      outro: 'Link działa jeden raz i przez {hours} godz. To nie Ty? Zignoruj tę wiadomość; hasło pozostanie bez zmian.',
    },
    mail_change: {
      subject: 'Potwierdź nowy adres e-mail w {site}',
      intro: 'Potwierdź, że to nowy adres e-mail Twojego konta w {site}.',
      action: 'Potwierdź nowy adres e-mail',
      outro: 'Link działa jeden raz i przez {hours} godz. To nie Ty? Zignoruj tę wiadomość.',
    },
    account_deleted: {
      subject: 'Twoje konto w {site} zostało usunięte',
      intro: 'Twoje konto w {site} zostało usunięte i nie jest już widoczne. Zmieniłeś zdanie? Możesz je odzyskać w ciągu {days} dni.',
      action: 'Przywróć moje konto',
      outro: 'Po {days} dniach Twoje dane osobowe zostaną trwale usunięte.',
    },
    signup_duplicate: {
      subject: 'Rejestracja w {site}',
      intro: 'Ktoś próbował zarejestrować się w {site} z tym adresem e-mail. Ten adres e-mail ma już konto na tej stronie.',
      action: 'Zresetuj hasło',
      outro: 'To Ty? Zaloguj się lub wybierz nowe hasło za pomocą linku. To nie Ty? Zignoruj tę wiadomość.',
    },
    mail_change_notice: {
      subject: 'Twój adres e-mail w {site} ma zostać zmieniony',
      intro:
        'Ktoś poprosił o zmianę adresu e-mail Twojego konta w {site}. Zmiana nastąpi dopiero po potwierdzeniu nowego adresu w ciągu {hours} godz.',
      action: 'Wybierz nowe hasło',
      outro: 'To Ty? Nie musisz nic robić. To nie Ty? Od razu wybierz nowe hasło: to również anuluje zmianę.',
    },
    login_link: {
      subject: 'Twój link do logowania w {site}',
      intro: 'Ktoś poprosił o link do zalogowania się na Twoje konto w {site} bez hasła. Loguje on przeglądarkę, w której go otworzysz.',
      action: 'Zaloguj się',
      outro:
        'Link działa jeden raz i przez {minutes} min. To nie Ty? Zignoruj tę wiadomość; bez linku nikt się nie zaloguje. Ktoś, kto próbuje błędnych haseł, nie może Cię zablokować: ten link działa zawsze.',
    },
  },
  da: {
    activate: {
      subject: 'Bekræft din e-mailadresse til {site}',
      intro: 'Velkommen til {site}! Bekræft din e-mailadresse, så andre medlemmer modtager dine beskeder.',
      action: 'Bekræft e-mailadresse',
      outro: 'Linket virker én gang og i {hours} timer. Har du ikke tilmeldt dig? Så ignorer denne e-mail.',
    },
    reset_password: {
      subject: 'Nulstil din adgangskode til {site}',
      intro: 'Nogen har bedt om at nulstille adgangskoden til din {site}-konto.',
      action: 'Vælg en ny adgangskode',
      outro: 'Linket virker én gang og i {hours} timer. Var det ikke dig? Så ignorer denne e-mail; din adgangskode forbliver den samme.',
    },
    mail_change: {
      subject: 'Bekræft din nye e-mailadresse til {site}',
      intro: 'Bekræft, at dette er den nye e-mailadresse til din {site}-konto.',
      action: 'Bekræft ny e-mailadresse',
      outro: 'Linket virker én gang og i {hours} timer. Var det ikke dig? Så ignorer denne e-mail.',
    },
    account_deleted: {
      subject: 'Din {site}-konto er slettet',
      intro: 'Din {site}-konto er slettet og er ikke længere synlig. Fortryder du? Du kan få den tilbage inden for {days} dage.',
      action: 'Genaktiver min konto',
      outro: 'Efter {days} dage slettes dine personlige data endeligt.',
    },
    signup_duplicate: {
      subject: 'Tilmelding til {site}',
      intro: 'Nogen forsøgte at tilmelde sig {site} med denne e-mailadresse. Denne e-mailadresse har allerede en konto på dette site.',
      action: 'Nulstil din adgangskode',
      outro: 'Var det dig? Log ind, eller vælg en ny adgangskode med linket. Var det ikke dig? Så ignorer denne e-mail.',
    },
    mail_change_notice: {
      subject: 'Din e-mailadresse hos {site} er ved at blive ændret',
      intro:
        'Nogen har bedt om at ændre e-mailadressen til din {site}-konto. Ændringen sker først, når den nye adresse er bekræftet inden for {hours} timer.',
      action: 'Vælg en ny adgangskode',
      outro: 'Var det dig? Så skal du ikke gøre noget. Var det ikke dig? Vælg straks en ny adgangskode: det annullerer også ændringen.',
    },
    login_link: {
      subject: 'Dit login-link til {site}',
      intro:
        'Nogen har bedt om et link til at logge ind på din {site}-konto uden adgangskode. Det logger den browser ind, hvor du åbner det.',
      action: 'Log ind',
      outro:
        'Linket virker én gang og i {minutes} minutter. Var det ikke dig? Så ignorer denne e-mail; uden linket kan ingen logge ind. Den, der prøver forkerte adgangskoder, kan ikke lukke dig ude: dette link virker altid.',
    },
  },
  fi: {
    activate: {
      subject: 'Vahvista sähköpostiosoitteesi palveluun {site}',
      intro: 'Tervetuloa palveluun {site}! Vahvista sähköpostiosoitteesi, jotta muut jäsenet saavat viestisi.',
      action: 'Vahvista sähköpostiosoite',
      outro: 'Linkki toimii kerran ja {hours} tunnin ajan. Etkö rekisteröitynyt? Ohita tämä viesti.',
    },
    reset_password: {
      subject: 'Palauta salasanasi palveluun {site}',
      intro: 'Joku pyysi palauttamaan {site}-tilisi salasanan.',
      action: 'Valitse uusi salasana',
      outro: 'Linkki toimii kerran ja {hours} tunnin ajan. Etkö pyytänyt tätä? Ohita tämä viesti; salasanasi pysyy ennallaan.',
    },
    mail_change: {
      subject: 'Vahvista uusi sähköpostiosoitteesi palveluun {site}',
      intro: 'Vahvista, että tämä on {site}-tilisi uusi sähköpostiosoite.',
      action: 'Vahvista uusi sähköpostiosoite',
      outro: 'Linkki toimii kerran ja {hours} tunnin ajan. Etkö pyytänyt tätä? Ohita tämä viesti.',
    },
    account_deleted: {
      subject: '{site}-tilisi on poistettu',
      intro: '{site}-tilisi on poistettu eikä se ole enää näkyvissä. Muutitko mielesi? Voit palauttaa sen {days} päivän kuluessa.',
      action: 'Aktivoi tilini uudelleen',
      outro: '{days} päivän jälkeen henkilötietosi poistetaan lopullisesti.',
    },
    signup_duplicate: {
      subject: 'Rekisteröityminen palveluun {site}',
      intro:
        'Joku yritti rekisteröityä palveluun {site} tällä sähköpostiosoitteella. Tällä sähköpostiosoitteella on jo tili tällä sivustolla.',
      action: 'Palauta salasana',
      outro: 'Olitko se sinä? Kirjaudu sisään tai valitse uusi salasana linkillä. Etkö ollut? Ohita tämä viesti.',
    },
    mail_change_notice: {
      subject: 'Sähköpostiosoitteesi palvelussa {site} ollaan vaihtamassa',
      intro:
        'Joku pyysi vaihtamaan {site}-tilisi sähköpostiosoitteen. Vaihto tapahtuu vasta, kun uusi osoite vahvistetaan {hours} tunnin kuluessa.',
      action: 'Valitse uusi salasana',
      outro: 'Olitko se sinä? Sinun ei tarvitse tehdä mitään. Etkö ollut? Valitse heti uusi salasana: se peruu myös vaihdon.',
    },
    login_link: {
      subject: 'Kirjautumislinkkisi palveluun {site}',
      intro: 'Joku pyysi linkkiä, jolla voi kirjautua {site}-tilillesi ilman salasanaa. Se kirjaa sisään selaimen, jossa avaat sen.',
      action: 'Kirjaudu sisään',
      outro:
        'Linkki toimii kerran ja {minutes} minuutin ajan. Etkö pyytänyt tätä? Ohita tämä viesti; ilman linkkiä kukaan ei voi kirjautua. Väärien salasanojen kokeilija ei voi lukita sinua ulos: tämä linkki toimii aina.',
    },
  },
  nb: {
    activate: {
      subject: 'Bekreft e-postadressen din for {site}',
      intro: 'Velkommen til {site}! Bekreft e-postadressen din slik at andre medlemmer mottar meldingene dine.',
      action: 'Bekreft e-postadresse',
      outro: 'Lenken virker én gang og i {hours} timer. Registrerte du deg ikke? Da kan du se bort fra denne e-posten.',
    },
    reset_password: {
      subject: 'Tilbakestill passordet ditt for {site}',
      intro: 'Noen har bedt om å tilbakestille passordet til {site}-kontoen din.',
      action: 'Velg et nytt passord',
      outro:
        'Lenken virker én gang og i {hours} timer. Var det ikke deg? Da kan du se bort fra denne e-posten; passordet ditt forblir det samme.',
    },
    mail_change: {
      subject: 'Bekreft den nye e-postadressen din for {site}',
      intro: 'Bekreft at dette er den nye e-postadressen til {site}-kontoen din.',
      action: 'Bekreft ny e-postadresse',
      outro: 'Lenken virker én gang og i {hours} timer. Var det ikke deg? Da kan du se bort fra denne e-posten.',
    },
    account_deleted: {
      subject: '{site}-kontoen din er slettet',
      intro: '{site}-kontoen din er slettet og er ikke lenger synlig. Ombestemt deg? Du kan ta den tilbake innen {days} dager.',
      action: 'Reaktiver kontoen min',
      outro: 'Etter {days} dager slettes personopplysningene dine for godt.',
    },
    signup_duplicate: {
      subject: 'Registrering på {site}',
      intro:
        'Noen prøvde å registrere seg på {site} med denne e-postadressen. Denne e-postadressen har allerede en konto på dette nettstedet.',
      action: 'Tilbakestill passordet',
      outro: 'Var det deg? Logg inn, eller velg et nytt passord med lenken. Var det ikke deg? Da kan du se bort fra denne e-posten.',
    },
    mail_change_notice: {
      subject: 'E-postadressen din hos {site} er i ferd med å endres',
      intro:
        'Noen har bedt om å endre e-postadressen til {site}-kontoen din. Endringen skjer først når den nye adressen er bekreftet innen {hours} timer.',
      action: 'Velg et nytt passord',
      outro: 'Var det deg? Da trenger du ikke gjøre noe. Var det ikke deg? Velg et nytt passord med en gang: det avbryter også endringen.',
    },
    login_link: {
      subject: 'Innloggingslenken din for {site}',
      intro: 'Noen har bedt om en lenke for å logge inn på {site}-kontoen din uten passord. Den logger inn nettleseren du åpner den i.',
      action: 'Logg inn',
      outro:
        'Lenken virker én gang og i {minutes} minutter. Var det ikke deg? Da kan du se bort fra denne e-posten; uten lenken kan ingen logge inn. Den som prøver feil passord, kan ikke stenge deg ute: denne lenken virker alltid.',
    },
  },
  sv: {
    activate: {
      subject: 'Bekräfta din e-postadress för {site}',
      intro: 'Välkommen till {site}! Bekräfta din e-postadress så att andra medlemmar får dina meddelanden.',
      action: 'Bekräfta e-postadress',
      outro: 'Länken fungerar en gång och i {hours} timmar. Har du inte registrerat dig? Ignorera då det här meddelandet.',
    },
    reset_password: {
      subject: 'Återställ ditt lösenord för {site}',
      intro: 'Någon har bett om att återställa lösenordet till ditt {site}-konto.',
      action: 'Välj ett nytt lösenord',
      outro:
        'Länken fungerar en gång och i {hours} timmar. Var det inte du? Ignorera då det här meddelandet; ditt lösenord förblir detsamma.',
    },
    mail_change: {
      subject: 'Bekräfta din nya e-postadress för {site}',
      intro: 'Bekräfta att detta är den nya e-postadressen till ditt {site}-konto.',
      action: 'Bekräfta ny e-postadress',
      outro: 'Länken fungerar en gång och i {hours} timmar. Var det inte du? Ignorera då det här meddelandet.',
    },
    account_deleted: {
      subject: 'Ditt {site}-konto har raderats',
      intro: 'Ditt {site}-konto har raderats och syns inte längre. Ångrat dig? Du kan ta tillbaka det inom {days} dagar.',
      action: 'Återaktivera mitt konto',
      outro: 'Efter {days} dagar raderas dina personuppgifter för gott.',
    },
    signup_duplicate: {
      subject: 'Registrering på {site}',
      intro:
        'Någon försökte registrera sig på {site} med den här e-postadressen. Den här e-postadressen har redan ett konto på den här webbplatsen.',
      action: 'Återställ lösenordet',
      outro: 'Var det du? Logga in, eller välj ett nytt lösenord med länken. Var det inte du? Ignorera då det här meddelandet.',
    },
    mail_change_notice: {
      subject: 'Din e-postadress hos {site} är på väg att ändras',
      intro:
        'Någon har bett om att ändra e-postadressen till ditt {site}-konto. Ändringen sker först när den nya adressen har bekräftats inom {hours} timmar.',
      action: 'Välj ett nytt lösenord',
      outro: 'Var det du? Då behöver du inte göra något. Var det inte du? Välj genast ett nytt lösenord: det avbryter också ändringen.',
    },
    login_link: {
      subject: 'Din inloggningslänk för {site}',
      intro: 'Någon har bett om en länk för att logga in på ditt {site}-konto utan lösenord. Den loggar in webbläsaren där du öppnar den.',
      action: 'Logga in',
      outro:
        'Länken fungerar en gång och i {minutes} minuter. Var det inte du? Ignorera då det här meddelandet; utan länken kan ingen logga in. Den som provar fel lösenord kan inte låsa ute dig: den här länken fungerar alltid.',
    },
  },
};

/** Subject, plain text and HTML of an account mail in the member's language. */
export function renderAccountMail(
  kind: MailKind,
  locale: Locale,
  vars: { site: string; link: string; hours: number; minutes: number; days: number },
): { subject: string; text: string; html: string } {
  const t = TEXTS[locale][kind];
  const fill = (s: string) =>
    s.replace(/\{(site|hours|minutes|days)\}/g, (_m, k: 'site' | 'hours' | 'minutes' | 'days') => String(vars[k]));
  const [subject, intro, action, outro] = [t.subject, t.intro, t.action, t.outro].map(fill) as [string, string, string, string];
  const text = `${intro}\n\n${action}: ${vars.link}\n\n${outro}\n\n${vars.site}\n`;
  const html = `<!doctype html><html lang="${locale}"><body style="font-family:sans-serif;line-height:1.5">
<p>${escapeHtml(intro)}</p>
<p><a href="${escapeHtml(vars.link)}" style="display:inline-block;padding:12px 20px;background:#f47c20;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(action)}</a></p>
<p style="color:#555">${escapeHtml(outro)}</p>
<p>${escapeHtml(vars.site)}</p>
</body></html>`;
  return { subject, text, html };
}
