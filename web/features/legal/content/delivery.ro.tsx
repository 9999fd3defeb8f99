import { formatMoneyShort } from '../../../../domain/money';
import { FREE_SHIPPING_THRESHOLD, SHIPPING_FEE } from '../../../../domain/pricing';
import { LegalArticle } from '../LegalArticle';
import type { LegalContentProps } from './types';

export default function DeliveryRo({ company }: LegalContentProps) {
  return (
    <LegalArticle title="Livrare" updated="Ultima actualizare: 24 noiembrie 2026">
      <h2>Unde și cum</h2>
      <p>
        Livrăm oriunde în România, la adresa pe care o dai la comandă, prin firme de curierat (de exemplu Fan Courier, Sameday, Cargus sau DPD). Coletul este neutru, fără nicio mențiune despre
        conținut.
      </p>
      <h2>În cât timp</h2>
      <p>
        După ce comanzi, te sunăm pentru confirmare. Comenzile confirmate pleacă din depozit în următoarea zi lucrătoare și ajung de regulă în 1–3 zile lucrătoare. Când coletul pleacă, îți trimitem pe
        e-mail curierul și numărul de urmărire (AWB). Livrarea expresă este disponibilă la cerere: spune-ne când te sunăm.
      </p>
      <h2>Cât costă</h2>
      <ul>
        <li>Livrare standard: {formatMoneyShort(SHIPPING_FEE, 'ro')} pe comandă.</li>
        <li>Livrare gratuită pentru comenzile de cel puțin {formatMoneyShort(FREE_SHIPPING_THRESHOLD, 'ro')}.</li>
      </ul>
      <p>Costul livrării este afișat în coș și la pasul de plată, înainte de plasarea comenzii; prețurile includ TVA.</p>
      <h2>Plata la livrare</h2>
      <p>
        Plătești curierului, în numerar (ramburs), la primirea coletului, totalul din confirmarea comenzii. Te rugăm să verifici coletul în prezența curierului; dacă este deteriorat, îl poți refuza
        sau poți cere curierului să întocmească un proces-verbal.
      </p>
      <h2>Dacă ceva nu merge bine</h2>
      <p>
        Dacă un colet întârzie sau se pierde, scrie-ne la <a href={`mailto:${company.email}`}>{company.email}</a> sau sună la {company.phone}, cu numărul comenzii.
      </p>
    </LegalArticle>
  );
}
