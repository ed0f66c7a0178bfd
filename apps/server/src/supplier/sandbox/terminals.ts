/**
 * The terminal each airline uses at the airports where it matters — several terminals, and a
 * carrier in one of them — as the airports publish it (Heathrow: BA in 5, Virgin Atlantic in 3,
 * Star Alliance in 2, SkyTeam in 4; Terminal 1 closed in 2015). Only what is known is printed: an
 * airline or airport not listed here, or one whose terminal depends on the flight (domestic or
 * international at Sydney, Atlanta or Haneda), gets no terminal rather than a guessed one.
 */
const TERMINAL_ROWS = `
LHR 5:BA,IB 3:VS,DL,AA,CX,EK,JL,QF,AY,RJ 2:UA,AC,LH,LX,OS,SN,LO,TP,SQ,NH,TG,TK,A3,CA,NZ,ET,MS,AI,BR,OU,EI,FI 4:AF,KL,KE,KQ,SV,VN,EY,GF
JFK 8:AA,BA,CX,JL,QR,IB,AY 4:DL,KL,EK,VS,SQ 5:B6 7:UA,AS 1:AF,LH,KE,TK
EWR C:UA
YYZ 1:AC,UA,LH 3:WS,AA,BA,DL
CDG 2:AF,KL,DL,U2 1:LH,UA,TK,SQ
FRA 1:LH,UA,AC,LX,OS 2:BA,AF,KL,DL,EK
MUC 2:LH,UA
MAD 4:IB,I2 1:FR
BCN 1:VY,IB 2:FR,U2
DXB 3:EK
DEL 3:AI
NRT 2:JL,AA 1:NH,UA
ICN 2:KE,DL,AF,KL 1:7C
PEK 3:CA 2:MU
PVG 1:MU,FM 2:CA
CAN 2:CZ
KUL 1:MH,OD 2:AK,D7
`;

const TERMINALS: ReadonlyMap<string, string> = new Map(
  TERMINAL_ROWS.trim()
    .split('\n')
    .flatMap((row) => {
      const [airport = '', ...groups] = row.trim().split(/\s+/);
      return groups.flatMap((group) => {
        const [terminal = '', airlines = ''] = group.split(':');
        return airlines.split(',').map((airline) => [`${airport} ${airline}`, terminal] as const);
      });
    }),
);

/** The terminal the airline uses at the airport, or null when it is not known (printed as nothing). */
export function terminal(airportCode: string, airlineCode: string): string | null {
  return TERMINALS.get(`${airportCode} ${airlineCode}`) ?? null;
}
