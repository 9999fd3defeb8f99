import { Link } from 'react-router';
import { LegalArticle } from '../LegalArticle';
import { LegalTable } from '../LegalTable';
import type { LegalContentProps } from './types';

export default function PrivacyRo({ company }: LegalContentProps) {
  return (
    <LegalArticle title="Politica de confidențialitate" updated="Ultima actualizare: 24 noiembrie 2026">
      <p>
        {company.name} ({company.address}, CUI {company.cui}) este operatorul datelor personale prelucrate de acest magazin, potrivit Regulamentului general privind protecția datelor (UE) 2016/679
        (GDPR) și Legii nr. 190/2018. Pentru orice întrebare despre datele tale scrie-ne la <a href={`mailto:${company.email}`}>{company.email}</a>.
      </p>
      <h2>Ce păstrăm când comanzi fără cont</h2>
      <LegalTable
        head={['Date', 'De ce', 'Cât timp']}
        rows={[
          [
            'Nume, e-mail, telefon, adresa de livrare (stradă, număr, localitate, cod poștal, țară)',
            'Pentru a livra comanda, a te suna pentru confirmare și a-ți trimite e-mailurile comenzii (executarea contractului, art. 6 alin. (1) lit. b) GDPR)',
            'Împreună cu comanda, cât timp legislația contabilă și fiscală ne obligă să păstrăm evidența unei vânzări (Legea nr. 82/1991), apoi se șterg',
          ],
          [
            'Comanda: produse, prețuri, totaluri, modul de plată, starea ei și istoricul modificărilor, eventuala cerere de retragere',
            'Pentru executarea contractului și evidența contabilă cerută de lege (art. 6 alin. (1) lit. b) și c) GDPR)',
            'Ca mai sus',
          ],
          [
            'E-mailurile pe care ți le trimitem (cui, despre ce comandă, când au plecat)',
            'Pentru confirmarea comenzii și anunțurile despre stadiul ei',
            '90 de zile după ce au plecat; apoi în istoricul comenzii rămâne doar că un e-mail a fost trimis',
          ],
          ['Ce spune curierul despre coletul tău (starea lui, unde și când)', 'Pentru a urmări livrarea și a-ți răspunde la întrebări despre ea', 'Împreună cu comanda'],
          [
            'Telefonul sau e-mailul tău, dacă nu mai oferim plata ramburs pentru el după colete refuzate',
            'Pentru a nu trimite colete care se întorc neplătite (interes legitim, art. 6 alin. (1) lit. f)); comanda se poate plăti în continuare cu cardul',
            'Până când ridicăm blocarea',
          ],
          ['Referința Stripe a unei plăți cu cardul (niciodată datele cardului, pe care le vede doar Stripe)', 'Pentru a potrivi plata cu comanda', 'Împreună cu comanda'],
          [
            'O amprentă ireversibilă (hash) a adresei IP, a e-mailului și a telefonului, în contoare',
            'Pentru a limita numărul de comenzi sau încercări venite din același loc, împotriva abuzurilor (interes legitim, art. 6 alin. (1) lit. f))',
            'Câteva minute, cel mult o oră, apoi se șterg',
          ],
          [
            'Jurnalele serverului: ora, pagina cerută, răspunsul, adresa IP; niciodată nume, e-mailuri, adrese sau ce tastezi',
            'Pentru funcționarea și securitatea magazinului (interes legitim)',
            'Cel mult 30 de zile',
          ],
          [
            'Numărarea vizitatorilor: ce pagini ale magazinului au fost deschise, de unde a venit vizita când linkul o spune (o postare, un partener) și un cod făcut din adresa IP și browser cu o cheie aleatorie a zilei, ștearsă la sfârșitul ei (fără cookie; vezi Cookie-uri); comanda păstrează de unde a venit vizita',
            'Ca să știm câți vizitatori devin cumpărători (interes legitim)',
            'Cheia: o zi; codurile, care apoi nu mai spun nimic despre tine: 35 de zile',
          ],
        ]}
      />
      <h2>Recenzii</h2>
      <p>
        La câteva zile după ce comanda îți este livrată îți scriem o dată pe e-mail ca să îți cerem o recenzie (interes legitim), dacă nu te-ai dezabonat cu linkul dintr-un astfel de mesaj. O recenzie
        scrisă de tine se publică cu prenumele, inițiala numelui de familie și județul tău, niciodată cu numele complet sau adresa (vezi <a href="/reviews/how-we-check">Cum verificăm recenziile</a>).
        Dacă îți ștergem datele personale, recenziile tale rămân fără nume.
      </p>
      <h2>Cu un cont</h2>
      <p>
        Dacă îți faci cont, păstrăm și e-mailul, parola (doar sub formă de hash ireversibil) și sesiunile tale (cu adresa IP și browserul din care au fost deschise) cât timp ai contul; o sesiune se
        încheie după 30 de zile de nefolosire sau când te deconectezi. Comenzile plasate când ești conectat sunt legate de cont.
      </p>
      <h2>În browserul tău</h2>
      <p>
        Coșul este păstrat în memoria locală a browserului (local storage), iar ce completezi la comandă în memoria sesiunii (session storage), care dispare când închizi fila; niciuna nu ajunge la noi
        până nu plasezi comanda. Despre cookie-uri: vezi <Link to="/cookies">Cookie-uri</Link>.
      </p>
      <h2>Cine mai vede datele</h2>
      <p>
        Doar cei care ne ajută să livrăm comanda: curierul (nume, adresă, telefon, suma de încasat), furnizorii noștri de găzduire și de e-mail și Stripe, pentru plățile cu cardul. Nu vindem date și
        nu folosim servicii de publicitate sau de urmărire.
      </p>
      <h2>Drepturile tale</h2>
      <p>
        Poți cere accesul la date, rectificarea sau ștergerea lor (când legea nu ne obligă să le păstrăm), restricționarea prelucrării, portabilitatea și te poți opune prelucrării bazate pe interesul
        legitim. Scrie-ne la <a href={`mailto:${company.email}`}>{company.email}</a>; răspundem în cel mult o lună. Poți depune și o plângere la Autoritatea Națională de Supraveghere a Prelucrării
        Datelor cu Caracter Personal (ANSPDCP, <a href="https://www.dataprotection.ro">dataprotection.ro</a>).
      </p>
      <p>
        Poți face asta și singur. Cu un cont, pagina <Link to="/account/data">Datele tale</Link> arată tot ce avem despre tine, le descarcă într-un fișier (JSON) și îți șterge contul după ce comenzile
        tale sunt livrate, returnate sau anulate: contul și datele de autentificare se șterg, iar numele, e-mailul, telefonul și adresa ta se șterg din comenzi. Fără cont, pagina comenzii (linkul din
        e-mailurile ei) face același lucru pentru acea comandă, iar e-mailurile despre ea se șterg. Ce păstrăm după aceea și de ce: facturile emise pe numele tău, așa cum au fost emise, timp de zece
        ani de la sfârșitul anului în care au fost emise, pentru că o cere legea contabilității (Legea nr. 82/1991, art. 25; RGPD art. 6 alin. (1) lit. c) și art. 17 alin. (3) lit. b)); produsele,
        sumele, localitatea și județul comenzilor, fără nimic care să te numească, pentru ca evidența și cifrele magazinului să rămână corecte; și faptul că ți-am trimis confirmarea, fără adresa ta.
      </p>
    </LegalArticle>
  );
}
