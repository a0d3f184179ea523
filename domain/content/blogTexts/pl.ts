/** The blog in Polish (Poland): przegląd techniczny, leasing konsumencki and Polish road rules. */
import type { BlogTexts } from './BlogText.ts';

export const pl: BlogTexts = {
  'used-car-checklist': {
    title: 'Kupno samochodu używanego: co sprawdzić',
    summary:
      'Dokumenty, nadwozie, mechanika i jazda próbna: nasza metoda na zakup używanego auta bez przykrych niespodzianek.',
    body: [
      'Zacznij od dokumentów. Książka serwisowa powinna mieć pieczątki w terminach wyznaczonych przez producenta, a faktury muszą zgadzać się z przebiegiem na liczniku. Przebieg rosnący równomiernie między przeglądami to dobry znak; kilkuletnia luka wymaga wyjaśnienia. Historię pojazdu sprawdzisz też bezpłatnie w serwisie Historia Pojazdu.',
      'Następnie obejdź auto przy dziennym świetle: nierówne szczeliny między elementami nadwozia, nieco inny odcień lakieru na drzwiach, opony starte tylko z jednej strony. Pod maską poszukaj śladów oleju i sprawdź poziom płynu chłodniczego.',
      'Na koniec przejedź się autem na zimnym silniku i po różnych drogach: rozruch, zmiana biegów, hamowanie na prostej, odgłosy przedniego zawieszenia na zakrętach. U nas każdy używany samochód przechodzi kontrolę ponad 100 punktów i jest sprzedawany z co najmniej 12-miesięczną gwarancją oraz raportem z kontroli.',
    ],
  },
  'financing-loan-or-lease': {
    title: 'Kredyt czy leasing konsumencki: co wybrać?',
    summary:
      'Od razu zostać właścicielem czy płacić za korzystanie z możliwością wykupu: obie formy, ich koszty i dla kogo są.',
    body: [
      'Przy kredycie samochodowym auto jest Twoje od pierwszego dnia. Raty są wyższe, ale po spłacie kredytu nie płacisz już nic, niezależnie od tego, czy zatrzymasz samochód, czy go sprzedasz.',
      'W leasingu konsumenckim płacisz opłatę wstępną i niższe raty miesięczne, a po zakończeniu umowy możesz wykupić auto za ustaloną z góry wartość końcową albo je oddać. Zwróć uwagę na limit kilometrów w umowie: każdy kilometr ponad limit jest dodatkowo płatny.',
      'Porównując oferty, patrz zawsze na koszt całkowity: sumę rat, wpłatę własną, prowizje oraz RRSO kredytu lub wartość wykupu w leasingu. Nasi doradcy przygotują obie symulacje obok siebie dla auta, które Cię interesuje.',
    ],
  },
  'ev-home-charging': {
    title: 'Ładowanie samochodu elektrycznego w domu',
    summary: 'Zwykłe gniazdko czy wallbox: ile trwa ładowanie i jaką instalację wybrać.',
    body: [
      'Zwykłe gniazdko wystarczy awaryjnie, ale daje tylko około 2 kW: naładowanie akumulatora 50 kWh zajmie ponad 20 godzin. Nie jest przystosowane do długiego, regularnego ładowania.',
      'Wallbox o mocy 11 kW, zasilany trójfazowo, naładuje ten sam akumulator w około pięć godzin, czyli wygodnie przez noc, jeśli samochód obsługuje ładowanie trójfazowe. Instalację powinien wykonać elektryk z uprawnieniami, z osobnym obwodem i odpowiednim wyłącznikiem różnicowoprądowym.',
      'Ładowanie w tańszej taryfie nocnej obniża rachunki. W długiej trasie szybkie ładowarki przy autostradach uzupełnią akumulator do 80 % w 20–40 minut, w zależności od modelu.',
    ],
  },
  'trade-in-value': {
    title: 'Odkup auta: jak uzyskać najlepszą cenę',
    summary:
      'Aktualny serwis, komplet dokumentów, zgłoszone usterki: co naprawdę podnosi wycenę Twojego dotychczasowego auta.',
    body: [
      'Wycena zaczyna się od wartości rynkowej modelu, a następnie uwzględnia przebieg, stan i historię auta. Pełna książka serwisowa i faktury za ostatnie naprawy przekonują rzeczoznawcę i chronią przed obniżką „na wszelki wypadek”.',
      'Nie warto lakierować auta przed oględzinami, ale czyste wnętrze, umyte felgi i drugi kluczyk robią różnicę. Sam zgłoś znane usterki: rzeczoznawca i tak je znajdzie, a szczerość przyspiesza ofertę.',
      'W naszych salonach oględziny są bezpłatne, a nasza oferta jest ważna przez siedem dni. Kwotę możesz odliczyć od ceny kolejnego auta albo otrzymać przelewem.',
    ],
  },
  'ev-winter-range': {
    title: 'Samochód elektryczny: zasięg zimą',
    summary: 'W mrozie samochód elektryczny traci część zasięgu. Dlaczego, ile i jak ograniczyć tę stratę.',
    body: [
      'Zimno spowalnia procesy chemiczne w akumulatorze, a ogrzewanie kabiny korzysta z tej samej energii co napęd. W zależności od modelu i trasy zasięg spada zimą o 10–30 %, a przy wielu krótkich przejazdach jeszcze bardziej.',
      'Pompa ciepła wyraźnie zmniejsza zużycie energii na ogrzewanie. Dobry nawyk to także nagrzanie kabiny, gdy auto jest jeszcze podłączone do ładowarki, oraz korzystanie z podgrzewanych foteli i kierownicy, które zużywają znacznie mniej niż ciepły nawiew.',
      'Na autostradzie jazda z prędkością 110 km/h zamiast 140 km/h daje często więcej zasięgu niż jakiekolwiek ustawienie. W naszych ogłoszeniach pompa ciepła widnieje na liście wyposażenia, jeśli auto ją ma.',
    ],
  },
  'hybrid-or-plug-in': {
    title: 'Hybryda czy hybryda plug-in: którą wybrać?',
    summary:
      'Obie łączą silnik spalinowy z elektrycznym, ale sprawdzają się na innych trasach. Podpowiadamy według sposobu jazdy.',
    body: [
      'Klasyczna hybryda ładuje swój mały akumulator podczas jazdy, hamowania i zwalniania. Nie trzeba jej podłączać: oszczędza przede wszystkim w mieście, gdzie silnik elektryczny często pracuje sam.',
      'Hybryda plug-in ma większy akumulator ładowany z gniazdka i przejeżdża od 40 do 80 km wyłącznie na prądzie. Jest idealna, jeśli możesz ładować ją codziennie, a Twoje zwykłe trasy mieszczą się w tym zasięgu; bez regularnego ładowania przez swoją masę pali więcej niż zwykła hybryda.',
      'W skrócie: brak gniazdka w domu lub dużo autostrad – wybierz hybrydę; krótkie trasy i łatwe ładowanie – hybrydę plug-in.',
    ],
  },
  'tyres-all-seasons': {
    title: 'Opony letnie, zimowe czy całoroczne?',
    summary: 'Zasada 7 °C, minimalna głębokość bieżnika i co oferują opony całoroczne – w skrócie.',
    body: [
      'Poniżej około 7 °C mieszanka opony letniej twardnieje i traci przyczepność; opona zimowa pozostaje elastyczna, a jej lamele odprowadzają śnieg i wodę. Powyżej tej temperatury jest odwrotnie: opona zimowa szybciej się zużywa i gorzej hamuje.',
      'Przepisy wymagają co najmniej 1,6 mm bieżnika, ale na mokrej nawierzchni droga hamowania wydłuża się wyraźnie już poniżej 3 mm. Sprawdź też datę produkcji na boku opony: po ośmiu–dziesięciu latach guma jest zestarzała, nawet jeśli opona wygląda na mało zużytą.',
      'W Polsce opony zimowe nie są obowiązkowe, ale przy naszych zimach to najbezpieczniejszy wybór. Opony całoroczne z symbolem górskiego szczytu ze śnieżynką to dobry kompromis dla kierowców jeżdżących głównie po mieście.',
    ],
  },
  'service-and-warranty': {
    title: 'Serwis i gwarancja: dlaczego książka serwisowa ma znaczenie',
    summary:
      'Przestrzeganie planu serwisowego producenta chroni gwarancję i wartość odsprzedaży Twojego samochodu.',
    body: [
      'Każdy producent wyznacza plan serwisowy: przegląd co 15 000–30 000 km albo co rok lub dwa lata, zależnie od modelu. Można go wykonać w każdym wykwalifikowanym warsztacie, nie tylko w autoryzowanym serwisie marki, pod warunkiem przestrzegania planu i użycia części oryginalnych lub równoważnej jakości.',
      'Zachowuj wszystkie faktury i dbaj o pieczątki w książce serwisowej, papierowej lub cyfrowej: to pierwsze, o co pyta gwarancja przy awarii, a pełna historia podnosi cenę przy sprzedaży. Badanie techniczne nowe auto przechodzi po raz pierwszy po trzech latach, drugi raz po kolejnych dwóch, a potem co roku.',
      'Nasze serwisy obsługują wszystkie marki, które sprzedajemy, zgodnie z planem i na częściach producenta, i przypominają o kolejnym terminie.',
    ],
  },
};
