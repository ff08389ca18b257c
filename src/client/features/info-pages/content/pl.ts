import type { InfoContent } from './types';

export const content: InfoContent = {
  terms: {
    title: 'Regulamin',
    intro: 'Niniejszy regulamin dotyczy każdego korzystania z {site} ({domain}). Wersja z {terms_date}.',
    sections: [
      {
        heading: '1. Kim jesteśmy',
        paragraphs: [
          '{site} prowadzi {company}, {address}, {city}, wpisana do holenderskiej Izby Handlowej (KvK) pod numerem {kvk}, VAT {vat}. Kontakt: {support_email} lub {support_phone}.',
        ],
      },
      {
        heading: '2. Członkostwo',
        paragraphs: [
          'Aby odwiedzać {site} lub dołączyć, musisz mieć co najmniej 18 lat. Rejestracja jest bezpłatna i wymaga ważnego adresu e-mail, który potwierdzasz linkiem od nas.',
          'Konto jest osobiste. Zachowaj hasło w tajemnicy; odpowiadasz za wszystko, co dzieje się na Twoim koncie.',
        ],
      },
      {
        heading: '3. Kredyty i płatności',
        paragraphs: [
          'Bezpłatni członkowie mają dostęp do części funkcji. Wiadomość kosztuje {message_credits} kredytów, prywatne zdjęcie {photo_credits} kredytów, a prezent {gift_credits} kredytów. Kredyty kupujesz w jednorazowych pakietach: bez subskrypcji i bez automatycznego odnawiania.',
          'Niewykorzystane kredyty zwracamy w ciągu {refund_days} dni od zakupu, zgodnie z naszymi zasadami zwrotów.',
        ],
      },
      {
        heading: '4. Profile hostów',
        paragraphs: [
          'Niektóre profile prowadzą hości, którzy czatują dla rozrywki. Są tak oznaczone i nie można ich spotkać osobiście. Prawdziwi członkowie nigdy nie są oznaczani.',
        ],
      },
      {
        heading: '5. Zasady zachowania',
        paragraphs: [
          'Traktuj innych z szacunkiem. Zakazane są nękanie, groźby, mowa nienawiści, spam, oferty handlowe, udostępnianie cudzych danych osobowych oraz wszelkie treści z udziałem osób niepełnoletnich. Zdjęcia muszą przedstawiać Ciebie i nie mogą być dosadne w częściach publicznych.',
          'Możemy usuwać treści oraz zawieszać lub zamykać konta łamiące te zasady, jak opisano w zasadach blokowania.',
        ],
      },
      {
        heading: '6. Zakończenie członkostwa',
        paragraphs: [
          'Możesz w każdej chwili usunąć konto w ustawieniach. Przez 14 dni możesz to cofnąć linkiem z e-maila potwierdzającego; potem profil i wiadomości są trwale usuwane.',
        ],
      },
      {
        heading: '7. Odpowiedzialność',
        paragraphs: [
          'Dbamy o dostępność i bezpieczeństwo {site}, ale nie gwarantujemy nieprzerwanego działania ani prawdziwości tego, co piszą członkowie. Nasza odpowiedzialność jest ograniczona do kwoty zapłaconej w ciągu dwunastu miesięcy przed szkodą, z wyjątkiem winy umyślnej lub rażącego niedbalstwa.',
        ],
      },
      {
        heading: '8. Prawo właściwe i zmiany',
        paragraphs: [
          'Obowiązuje prawo holenderskie. Spory rozstrzyga właściwy sąd w Amsterdamie, bez uszczerbku dla bezwzględnie obowiązującej ochrony konsumentów w Twoim kraju. Zmiany ogłaszamy na stronie co najmniej 30 dni wcześniej.',
        ],
      },
    ],
  },
  privacy: {
    title: 'Polityka prywatności',
    intro: 'Jak {company} przetwarza Twoje dane osobowe w {site}.',
    sections: [
      {
        heading: 'Administrator',
        paragraphs: ['{company}, {address}, {city} (KvK {kvk}) jest administratorem opisanego tu przetwarzania. Pytania: {support_email}.'],
      },
      {
        heading: 'Jakie dane przetwarzamy',
        paragraphs: [
          'Twój adres e-mail, hasło (przechowywane tylko jako bezpieczny skrót), nazwę profilu, datę urodzenia, kraj i region, opis i zdjęcia profilu, wiadomości, polubienia i zablokowanych członków, zakupy kredytów oraz dane techniczne, takie jak adres IP i przeglądarka.',
          'Profil może ujawniać Twoją orientację seksualną. To dane szczególnej kategorii, które przetwarzamy tylko dlatego, że sam je opublikowałeś.',
        ],
      },
      {
        heading: 'Dlaczego je przetwarzamy',
        paragraphs: [
          'Aby świadczyć usługę, na którą się zapisałeś (umowa), obsługiwać płatności i księgowość (obowiązek prawny), zapobiegać oszustwom i nadużyciom (uzasadniony interes) oraz wysyłać powiadomienia i oferty, które możesz w każdej chwili wyłączyć (zgoda).',
        ],
      },
      {
        heading: 'Jak długo je przechowujemy',
        paragraphs: [
          'Tak długo, jak istnieje konto. Po jego usunięciu kasujemy profil i wiadomości po 14 dniach; dokumenty płatności przechowujemy siedem lat, jak wymaga holenderskie prawo podatkowe.',
          'Selfie weryfikacyjne widzisz tylko ty i nasi moderatorzy; usuwamy je 30 dni po decyzji moderatora i nie tworzymy z niego wzorca twarzy ani innych danych biometrycznych.',
        ],
      },
      {
        heading: 'Kto je otrzymuje',
        paragraphs: [
          'Operatorzy płatności, nasz dostawca hostingu w Unii Europejskiej i usługa dostarczająca nasze e-maile, każdy na podstawie umowy powierzenia. Nigdy nie sprzedajemy Twoich danych.',
        ],
      },
      {
        heading: 'Twoje prawa',
        paragraphs: [
          'Masz prawo dostępu do danych, ich sprostowania, przeniesienia i usunięcia oraz sprzeciwu wobec przetwarzania. Napisz na {support_email}; odpowiadamy w ciągu miesiąca. Możesz też złożyć skargę do holenderskiego organu (Autoriteit Persoonsgegevens) lub do Prezesa UODO.',
        ],
      },
    ],
  },
  cookies: {
    title: 'Polityka plików cookie',
    intro: '{site} używa tylko kilku plików cookie, wszystkie są niezbędne do działania strony.',
    sections: [
      {
        heading: 'Nasze pliki cookie',
        paragraphs: [
          'auth – utrzymuje zalogowanie (30 dni). locale – zapamiętuje język (365 dni). dismissed_… – zapamiętuje, że zamknąłeś komunikat, np. ostrzeżenie o treściach dla dorosłych, wraz z godziną (365 dni).',
        ],
      },
      {
        heading: 'Bez śledzenia przez podmioty trzecie',
        paragraphs: [
          'Nie używamy reklamowych ani analitycznych plików cookie innych firm. Kody śledzące z linku, z którego przyszedłeś (np. network lub ref), służą tylko do rozliczenia z partnerem, który Cię przysłał.',
        ],
      },
      {
        heading: 'Zarządzanie plikami cookie',
        paragraphs: ['Pliki cookie możesz usunąć w każdej chwili w ustawieniach przeglądarki. Bez pliku auth nie pozostaniesz zalogowany.'],
      },
    ],
  },
  faq: {
    title: 'Najczęstsze pytania',
    intro: '',
    sections: [
      {
        heading: 'Czy rejestracja jest bezpłatna?',
        paragraphs: [
          'Tak. Rejestracja, tworzenie profilu i przeglądanie członków są bezpłatne. Płacisz za kredyty tylko wtedy, gdy chcesz wysłać więcej wiadomości niż darmowe.',
        ],
      },
      {
        heading: 'Czy to subskrypcja?',
        paragraphs: [
          'Nie. Kupujesz pakiet kredytów jednorazowo. Nic się nie odnawia, a niewykorzystane kredyty zwracamy w ciągu {refund_days} dni.',
        ],
      },
      {
        heading: 'Ile kosztuje wiadomość?',
        paragraphs: [
          'Wiadomość kosztuje {message_credits} kredytów, prywatne zdjęcie {photo_credits} kredytów, a prezent {gift_credits} kredytów. Kwoty w Twojej walucie znajdziesz w cenniku.',
        ],
      },
      {
        heading: 'Dlaczego muszę potwierdzić e-mail?',
        paragraphs: [
          'Dopóki go nie potwierdzisz, inni członkowie nie otrzymują Twoich wiadomości. Tak chronimy się przed fałszywymi kontami.',
        ],
      },
      {
        heading: 'Czym są profile hostów?',
        paragraphs: [
          'Niektóre profile prowadzą hości, którzy czatują dla rozrywki. Są wyraźnie oznaczone i nie można ich spotkać osobiście.',
        ],
      },
      {
        heading: 'Jak usunąć konto?',
        paragraphs: ['W ustawieniach wybierz usunięcie konta. Masz 14 dni na zmianę decyzji dzięki linkowi w e-mailu, który wyślemy.'],
      },
    ],
  },
  'return-policy': {
    title: 'Zasady zwrotów',
    intro: 'Bez subskrypcji i ze zwrotem pieniędzy za niewykorzystane kredyty.',
    sections: [
      {
        heading: 'Zwrot niewykorzystanych kredytów',
        paragraphs: [
          'W ciągu {refund_days} dni od zakupu możesz poprosić o zwrot niewykorzystanych kredytów z tego zakupu. Zwracamy odpowiednią część ceny w ciągu 14 dni tą samą metodą płatności.',
        ],
      },
      {
        heading: 'Jak złożyć wniosek',
        paragraphs: [
          'Wyślij e-mail na {support_email} z adresu przypisanego do konta albo skorzystaj z formularza reklamacji i podaj datę zakupu.',
        ],
      },
      {
        heading: 'Czego nie zwracamy',
        paragraphs: ['Kredytów wydanych już na wiadomości, zdjęcia lub prezenty, kredytów darmowych i bonusowych z rabatu.'],
      },
    ],
  },
  service: {
    title: 'Obsługa klienta',
    intro: 'Chętnie pomożemy w sprawie konta, płatności i wszystkiego, co dotyczy {site}.',
    sections: [
      {
        heading: 'Kontakt',
        paragraphs: [
          'E-mail: {support_email}. Telefon: {support_phone} (od poniedziałku do piątku, 9:00–17:00 CET). Poczta: {company}, {address}, {city}.',
        ],
      },
      {
        heading: 'Czas odpowiedzi',
        paragraphs: ['Na e-maile odpowiadamy w ciągu jednego dnia roboczego. Reklamacje rozpatrujemy w ciągu 14 dni.'],
      },
      {
        heading: 'Zanim napiszesz',
        paragraphs: [
          'Wiele odpowiedzi znajdziesz w najczęstszych pytaniach. Nie pamiętasz hasła? Skorzystaj z resetu hasła na stronie logowania.',
        ],
      },
    ],
  },
  ban: {
    title: 'Zasady blokowania',
    intro: 'Aby {site} było bezpieczne, reagujemy na członków łamiących zasady.',
    sections: [
      {
        heading: 'Powody blokady',
        paragraphs: [
          'Każdy sygnał udziału osoby niepełnoletniej, nękanie lub groźby, mowa nienawiści, spam lub reklama, oszustwa lub prośby o pieniądze, fałszywe lub cudze zdjęcia oraz oszustwa płatnicze.',
        ],
      },
      {
        heading: 'Co się dzieje',
        paragraphs: [
          'W zależności od wagi usuwamy treść, udzielamy ostrzeżenia, zawieszamy konto na pewien czas lub zamykamy je na stałe. Kredyty konta zamkniętego za oszustwo nie są zwracane.',
        ],
      },
      {
        heading: 'Odwołanie',
        paragraphs: [
          'Jeśli uważasz, że popełniliśmy błąd, napisz na {support_email} w ciągu 30 dni. Niezaangażowany pracownik ponownie oceni decyzję i odpowie w ciągu 14 dni.',
        ],
      },
    ],
  },
  '2257': {
    title: 'Oświadczenie o zgodności z 18 U.S.C. 2257 (prowadzenie dokumentacji)',
    intro: '',
    sections: [
      {
        heading: 'Oświadczenie',
        paragraphs: [
          'Wszystkie osoby widoczne w {site} miały co najmniej 18 lat w chwili wykonania zdjęcia. {site} nie produkuje treści o charakterze seksualnym; zdjęcia przesyłają sami członkowie, którzy przy rejestracji oświadczają, że są pełnoletni i przedstawiają siebie.',
        ],
      },
      {
        heading: 'Przechowujący dokumentację',
        paragraphs: [
          'Operator tej strony nie jest pierwotnym producentem treści. Pytania dotyczące dokumentacji: {company}, {address}, {city}, {country}, {support_email}.',
        ],
      },
    ],
  },
};
