import { Link } from 'react-router';
import { WITHDRAWAL_DAYS } from '../../../../domain/legal';
import { LegalArticle } from '../LegalArticle';
import type { LegalContentProps } from './types';

export default function TermsRo({ company }: LegalContentProps) {
  return (
    <LegalArticle title="Termeni și condiții" updated="Ultima actualizare: 24 noiembrie 2026">
      <h2>1. Cine suntem</h2>
      <p>
        Acest magazin este administrat de {company.name}, cu sediul social în {company.address}, CUI {company.cui}, nr. de ordine în Registrul Comerțului {company.registrationNumber}. Ne poți scrie la{' '}
        <a href={`mailto:${company.email}`}>{company.email}</a> sau ne poți suna la {company.phone}.
      </p>
      <h2>2. Comenzi și contract</h2>
      <p>
        Poți comanda fără cont sau cu un cont. Apăsând butonul de plasare a comenzii faci o comandă cu obligație de plată. Contractul se încheie când îți confirmăm comanda prin e-mail; apoi te sunăm
        pentru a verifica datele de livrare. Putem refuza o comandă dacă un produs nu mai este disponibil sau dacă datele sunt vădit greșite (de exemplu o eroare evidentă de preț); în acest caz te
        anunțăm imediat și nu plătești nimic.
      </p>
      <h2>3. Prețuri și plată</h2>
      <p>
        Prețurile sunt în lei și includ TVA. Costul livrării este afișat în coș înainte de comandă (vezi <Link to="/delivery">Livrare</Link>). Plătești ramburs, curierului, la livrare; plata cu
        cardul, acolo unde este oferită, se face prin Stripe, iar magazinul nu vede niciodată datele cardului.
      </p>
      <h2>4. Livrare</h2>
      <p>
        Livrăm în România prin firme de curierat, de regulă în 1–3 zile lucrătoare de la confirmarea comenzii. Detaliile sunt pe pagina <Link to="/delivery">Livrare</Link>.
      </p>
      <h2>5. Dreptul de retragere</h2>
      <p>
        Te poți retrage din contract în termen de {WITHDRAWAL_DAYS} zile de la primirea produselor, fără să invoci vreun motiv (Ordonanța de urgență a Guvernului nr. 34/2014). Cum procedezi,
        formularul-tip și formularul nostru online sunt pe pagina <Link to="/returns">Retur</Link>.
      </p>
      <h2>6. Garanție</h2>
      <p>
        Produsele beneficiază de garanția legală de conformitate (Legea nr. 449/2003 și OUG nr. 140/2021). Dacă un produs este defect sau nu corespunde descrierii, scrie-ne și îl reparăm, îl înlocuim
        sau îți returnăm banii.
      </p>
      <h2>7. Folosirea produselor</h2>
      <p>Produsele sunt obiecte de zi cu zi cu un compartiment ascuns, gândite pentru a-ți păstra discret lucrurile personale. Ești responsabil să le folosești în mod legal.</p>
      <h2>8. Date personale și cookie-uri</h2>
      <p>
        Cum prelucrăm datele tale este explicat în <Link to="/privacy">Politica de confidențialitate</Link>; magazinul folosește doar cookie-urile de care are nevoie pentru a funcționa (vezi{' '}
        <Link to="/cookies">Cookie-uri</Link>).
      </p>
      <h2>9. Reclamații și litigii</h2>
      <p>
        Scrie-ne mai întâi la <a href={`mailto:${company.email}`}>{company.email}</a>: răspundem în cel mult 15 zile. Te poți adresa și Autorității Naționale pentru Protecția Consumatorilor (ANPC,{' '}
        <a href="https://anpc.ro">anpc.ro</a>) sau unei entități de soluționare alternativă a litigiilor (<a href="https://anpc.ro/ce-este-sal/">anpc.ro/ce-este-sal</a>). Se aplică legea română, iar
        litigiile sunt de competența instanțelor din România, fără a-ți restrânge drepturile pe care ți le dă legislația protecției consumatorilor.
      </p>
    </LegalArticle>
  );
}
