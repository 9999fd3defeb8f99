import { LegalArticle } from '../LegalArticle';
import type { LegalContentProps } from './types';

/** Cum colectăm și verificăm recenziile (OUG 58/2022 privind practicile comerciale incorecte, issue 49). */
export default function ReviewsRo({ company }: LegalContentProps) {
  return (
    <LegalArticle title="Cum verificăm recenziile" updated="Ultima actualizare: 29 noiembrie 2026">
      <p>
        Recenziile de pe paginile produselor vin numai de la clienți care au cumpărat produsul de la noi, iar aici spunem cum ne asigurăm de asta, cum cere legea unui magazin care afișează recenzii
        (Ordonanța de urgență a Guvernului nr. 58/2022, care a modificat Legea nr. 363/2007 privind combaterea practicilor incorecte ale comercianților).
      </p>
      <h2>Cine poate scrie o recenzie</h2>
      <p>
        Numai clientul unei comenzi livrate. La câteva zile după ce curierul sau noi marcăm comanda drept livrată, clientul primește de la noi un singur email care îi cere o recenzie, cu un link
        personal. Linkul este semnat numai pentru acea comandă: nu poate fi ghicit sau schimbat pentru a evalua altă comandă, iar fără el nimeni nu poate scrie o recenzie. Fiecare produs din comandă
        poate fi evaluat o singură dată.
      </p>
      <p>Nu scriem clienților care ne-au cerut să nu le mai scriem și nu cerem niciodată recenzii pentru o comandă ale cărei date personale au fost șterse la cererea clientului.</p>
      <h2>Ce arată o recenzie</h2>
      <p>
        Fiecare recenzie are mențiunea <strong>Cumpărător verificat</strong>, prenumele și inițiala numelui de familie ale clientului (de exemplu Maria P.) și județul. Niciodată numele complet,
        adresa, emailul sau telefonul: ce cumpără clienții de la noi îi privește numai pe ei. Când un client își cere ștergerea datelor personale, recenziile lui rămân, fără nume.
      </p>
      <p>O recenzie are de la 1 la 5 stele și, dacă dorește clientul, un text de cel mult 1000 de caractere. O publicăm așa cum a fost scrisă, imediat. Nu o corectăm și nu plătim pentru ea.</p>
      <h2>Publicăm toate recenziile, și pe cele rele</h2>
      <p>Publicăm toate recenziile, inclusiv pe cele cu o stea. Nota unui produs este media tuturor recenziilor publicate. Nu alegem ce arătăm și nu oferim nimic în schimbul unei recenzii bune.</p>
      <p>Ascundem o recenzie numai pentru unul dintre motivele de mai jos, iar fiecare ascundere este înregistrată cu motivul și data ei:</p>
      <ul>
        <li>jignește pe cineva;</li>
        <li>conține date personale (numele, adresa, telefonul sau emailul cuiva);</li>
        <li>nu este despre produs.</li>
      </ul>
      <h2>Întrebări</h2>
      <p>
        Dacă credeți că o recenzie nu ar trebui să fie aici sau ați scris una și doriți să fie ștearsă, scrieți-ne la <a href={`mailto:${company.email}`}>{company.email}</a>.
      </p>
    </LegalArticle>
  );
}
