import { LegalArticle } from '../LegalArticle';
import { LegalTable } from '../LegalTable';
import type { LegalContentProps } from './types';

export default function CookiesRo({ company }: LegalContentProps) {
  return (
    <LegalArticle title="Cookie-uri" updated="Ultima actualizare: 29 noiembrie 2026">
      <p>
        Acest magazin folosește doar ce îi este necesar pentru a funcționa: niciun cookie de publicitate, de analiză sau de urmărire și niciun conținut de pe alte site-uri (fonturi, imagini sau
        scripturi) care și-ar putea seta propriile cookie-uri. De aceea nu îți cerem consimțământul printr-un banner (Legea nr. 506/2004, art. 4 alin. (5)).
      </p>
      <h2>Cookie-uri</h2>
      <LegalTable
        head={['Nume', 'La ce folosește', 'Cât timp']}
        rows={[
          [
            <>
              <code>better-auth.session_token</code> (<code>__Secure-better-auth.session_token</code> prin HTTPS)
            </>,
            'Te păstrează conectat la cont. Este setat doar când te conectezi sau îți faci cont; nu poate fi citit de scripturi (HttpOnly) și nu este trimis altor site-uri.',
            '30 de zile, reînnoit cât folosești magazinul; șters când te deconectezi',
          ],
          [<code key="lang">lang</code>, 'Limba pe care ai ales-o din butonul din partea de sus a paginii (Română sau English). Este setat doar când folosești butonul.', '1 an'],
        ]}
      />
      <p>Un vizitator care nici nu se conectează, nici nu alege o limbă nu primește niciun cookie.</p>
      <h2>Memoria browserului</h2>
      <LegalTable
        head={['Nume', 'La ce folosește', 'Cât timp']}
        rows={[
          [
            <>
              <code>secret-stash.cart.v1</code> (local storage)
            </>,
            'Coșul tău, ca să rămână după reîncărcarea paginii',
            'Până plasezi comanda sau golești coșul',
          ],
          [
            <>
              <code>secret-stash.checkout.v1</code> (session storage)
            </>,
            'Ce ai completat la comandă, ca să nu se piardă la reîncărcare',
            'Până plasezi comanda sau închizi fila',
          ],
          [
            <>
              <code>secret-stash.attribution.v1</code> (session storage)
            </>,
            'De unde a venit vizita ta, când linkul o spune (etichetele utm_source, utm_medium, utm_campaign sau ref, ori site-ul care ne-a trimis): trimis cu numărarea paginilor și cu comanda, mai jos',
            'Până închizi fila',
          ],
        ]}
      />
      <p>
        Coșul și ce ai completat părăsesc browserul doar când plasezi o comandă. Întrebări: <a href={`mailto:${company.email}`}>{company.email}</a>.
      </p>
      <h2>Numărarea vizitatorilor</h2>
      <p>
        Numărăm vizitatorii pe serverul nostru, fără cookie și fără terți: când deschizi o pagină a magazinului, browserul îi spune serverului care, iar serverul păstrează doar un cod amestecat, făcut
        din adresa ta IP, numele browserului și o cheie aleatorie a zilei. Cheia se șterge la sfârșitul zilei, așa că un cod nu mai poate fi legat de tine, nici de vizitele tale din altă zi; adresa IP
        nu se păstrează niciodată. Așa numără și Plausible Analytics, iar asta nu cere consimțământ.
      </p>
      <p>
        Când ai venit printr-un link care spune unde a fost postat (o postare pe Instagram, linkul unui partener), fila păstrează acea sursă până o închizi și o spune serverului nostru la fiecare
        pagină și la comandă, ca să știm care postări aduc cumpărători. Numește postarea, niciodată pe tine, și nu te urmărește în altă filă sau în altă zi.
      </p>
    </LegalArticle>
  );
}
