import { Link } from 'react-router';
import { WITHDRAWAL_DAYS, WITHDRAWAL_PATH } from '../../../../domain/legal';
import { LegalArticle } from '../LegalArticle';
import type { LegalContentProps } from './types';

export default function ReturnsRo({ company }: LegalContentProps) {
  return (
    <LegalArticle title="Retur și dreptul de retragere" updated="Ultima actualizare: 24 noiembrie 2026">
      <h2>Dreptul tău de retragere</h2>
      <p>
        Ai dreptul de a te retrage din prezentul contract în termen de {WITHDRAWAL_DAYS} zile fără a preciza motivele (Ordonanța de urgență a Guvernului nr. 34/2014). Perioada de retragere expiră după{' '}
        {WITHDRAWAL_DAYS} zile de la ziua în care intri, tu sau o parte terță, alta decât transportatorul, indicată de tine, în posesia fizică a produselor (a ultimului produs, când comanda sosește în
        mai multe colete); când acea zi este sâmbătă, duminică sau o sărbătoare legală, la sfârșitul următoarei zile lucrătoare. Pagina comenzii tale arată ultima zi, după ce comanda este livrată.
      </p>
      <h2>Cum te retragi</h2>
      <p>
        Pentru a-ți exercita dreptul de retragere, trebuie să ne informezi cu privire la decizia ta printr-o declarație neechivocă, înainte de expirarea termenului, în oricare dintre aceste feluri:
      </p>
      <ul>
        <li>
          prin <Link to={WITHDRAWAL_PATH}>formularul nostru online de retragere</Link>: ai nevoie doar de numărul comenzii și de adresa de e-mail, iar noi îți confirmăm imediat primirea prin e-mail;
        </li>
        <li>
          printr-un e-mail la <a href={`mailto:${company.email}`}>{company.email}</a> sau printr-o scrisoare către {company.name}, {company.address}, de exemplu folosind formularul-tip de mai jos
          (folosirea lui nu este obligatorie).
        </li>
      </ul>
      <p>Este suficient să trimiți comunicarea înainte de expirarea perioadei de retragere.</p>
      <h2>Trimiterea produselor înapoi</h2>
      <p>
        Trimite-ne sau predă-ne produsele, la {company.address}, fără întârzieri nejustificate și în orice caz în cel mult {WITHDRAWAL_DAYS} zile de la data la care ne-ai comunicat retragerea. Suporți
        costul direct al returnării produselor. Răspunzi doar pentru diminuarea valorii produselor care rezultă din manipularea lor în alt mod decât cel necesar pentru determinarea naturii,
        caracteristicilor și funcționării lor.
      </p>
      <h2>Rambursarea</h2>
      <p>
        Îți rambursăm toate sumele primite de la tine, inclusiv costul livrării standard, fără întârzieri nejustificate și în orice caz în cel mult {WITHDRAWAL_DAYS} zile de la data la care am fost
        informați cu privire la decizia ta de retragere. Putem amâna rambursarea până la primirea produselor sau până ce ne dovedești că le-ai trimis, dacă această dată este anterioară. Plățile cu
        cardul se rambursează pe același card; comenzile plătite ramburs se rambursează prin transfer bancar în contul (IBAN) pe care ni-l indici. Nu plătești niciun comision pentru rambursare. Dacă
        ai ales o livrare mai scumpă decât cea standard, îți rambursăm doar costul livrării standard.
      </p>
      <h2>Produse defecte</h2>
      <p>Un produs defect sau neconform descrierii este acoperit de garanția legală de conformitate, indiferent de perioada de retragere: scrie-ne și suportăm noi returul.</p>
      <h2>Formular-tip de retragere</h2>
      <p>(completați și returnați prezentul formular numai dacă doriți să vă retrageți din contract)</p>
      <ul>
        <li>
          Către {company.name}, {company.address}, {company.email}:
        </li>
        <li>Vă informez/Vă informăm (*) prin prezenta cu privire la retragerea mea/noastră (*) din contractul referitor la vânzarea următoarelor produse (*)/prestarea următoarelor servicii (*)</li>
        <li>Comandate la data (*)/primite la data (*)</li>
        <li>Numele consumatorului (consumatorilor)</li>
        <li>Adresa consumatorului (consumatorilor)</li>
        <li>Semnătura consumatorului (consumatorilor) (doar în cazul în care acest formular este notificat pe hârtie)</li>
        <li>Data</li>
      </ul>
      <p>(*) Se elimină mențiunea inutilă.</p>
    </LegalArticle>
  );
}
