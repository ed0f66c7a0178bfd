/**
 * Facts about the real network that the data packages lack: which airlines fly, what kind of
 * airline each is, where each is based, who partners with whom, and which airports are the
 * busiest. The generated network hangs off these anchors so that it looks like the real one where
 * an agent would notice (BA at Heathrow, Ryanair at Stansted and never at Heathrow, connections at
 * a carrier's hubs, Atlanta busier than Aalborg); everything else follows from the gravity model
 * and the seed. An airline of the data that is not listed here does not fly in the sandbox: its
 * bases are not known, and an invented base is what put Canadian North in Sudbury
 * (docs/decisions/021-carriers-from-their-bases.md).
 */

/**
 * N: a network carrier — flies from its hubs, sells connections there with any airline.
 * C: a low-cost or leisure carrier — flies point to point from its bases, and connects only its
 * own flights, at its bases (no interlining, as in life).
 * R: a regional or commuter operator (turboprops, floatplanes, island hoppers) — flies its own
 * short routes from its bases and connects only its own flights, so it is never a leg of a
 * long-haul journey.
 */
export type CarrierKind = 'N' | 'C' | 'R';

/**
 * How far the fleet flies: L long haul, W long haul only (a widebody operator with no short haul:
 * Virgin Atlantic), M 7,000 km (A321LR and 737 MAX across the Atlantic), N 4,500 km (narrowbodies),
 * S 2,500 km (regional jets), T 1,000 km (turboprops).
 */
export type CarrierReach = 'L' | 'W' | 'M' | 'N' | 'S' | 'T';

export const REACH_KM: Readonly<Record<CarrierReach, number>> = {
  L: 15_500,
  W: 15_500,
  M: 7_000,
  N: 4_500,
  S: 2_500,
  T: 1_000,
};

/** S Star Alliance, O oneworld, K SkyTeam, - none. */
export type Alliance = 'S' | 'O' | 'K' | '-';

export type CarrierFacts = {
  code: string;
  kind: CarrierKind;
  reach: CarrierReach;
  alliance: Alliance;
  /** IATA codes of its hubs (network carriers) or bases (others), main first. */
  bases: readonly string[];
};

/**
 * One carrier a line: code, kind, reach, alliance, bases (main first). Within a country, the
 * biggest carrier first (the flag carrier). Codes are those of the data package (OpenFlights):
 * where the package gives a code to another airline than today's holder (LM, VJ), or lacks the
 * carrier (Avianca, VietJet, Uganda Airlines), the carrier is left out.
 */
const CARRIER_ROWS = `
AA N L O DFW CLT MIA ORD PHL PHX DCA LAX JFK
DL N L K ATL MSP DTW SLC JFK LAX SEA BOS LGA
UA N L S ORD EWR IAH DEN SFO IAD LAX
WN C N - DAL MDW LAS BWI DEN HOU PHX MCO OAK ATL BNA AUS
AS N M O SEA PDX ANC SFO LAX
B6 N M - JFK BOS FLL MCO
HA N L - HNL
NK C N - FLL LAS MCO DTW
F9 C N - DEN MCO LAS PHL
G4 C N - LAS SFB PIE AZA
SY C N - MSP
9K R T - BOS HYA SJU STT
3M R T - FLL TPA SJU
7H R T - ANC FAI
8E R T - OME OTZ UNK
J5 R T - JNU
M5 R T - BFI
3E R T - STL
AC N L S YYZ YUL YVR YYC
WS N L - YYC YYZ YVR
PD N N - YTZ YYZ YOW
TS C L - YUL YYZ
5T N S - YZF YFB YEG YOW
4N N S - YXY
8T R T - YZF
8P R T - YVR
JV R T - YQT YXL
PJ R T - FSP
AM N L K MEX GDL MTY
Y4 C N - GDL TIJ MEX CUN MTY
CM N M S PTY
BW N N - POS KIN
UP N S - NAS
KX N N - GCM
CU N L - HAV
PY N N - PBM
TX N W - PTP FDF ORY
LI R T - ANU
WM R T - SXM
3S R T - PTP
MW R T - BZE
PM R T - BZE
LA N L - SCL LIM
JJ N L - GRU BSB
LP N N - LIM
4C N N - BOG
XL N N - UIO GYE
AR N L - AEP EZE COR
AD N L - VCP CNF REC
G3 C M - GRU CGH GIG BSB
H2 C N - SCL LIM
9R R S - BOG
V0 N M - CCS
2I N S - LIM
BA N L O LHR LGW LCY
VS N W K LHR MAN
U2 C N - LGW LTN STN BRS MAN LPL EDI GLA BFS BHX NCL AMS BER MXP NAP VCE CDG ORY NCE LYS TLS BOD NTE BSL GVA LIS OPO FAO PMI
LS C N - LBA MAN BHX EMA STN BRS GLA EDI NCL BFS LPL
BY C L - LGW MAN BHX BRS EMA
GR R T - GCI
EI N L - DUB SNN
FR C N - DUB STN LTN MAN BHX EDI EMA LPL PIK BGY CIA PSA BLQ BRI CAG CTA PMO NAP MLA ATH BUD WMI KRK KTW POZ GDN WRO BTS VIE SOF OTP ZAG BER CRL EIN MAD BCN AGP ALC VLC PMI SVQ LIS OPO FAO MRS BVA TLS RIX VNO
LH N L S FRA MUC
EW C N - DUS CGN HAM STR
DE C L - FRA DUS
X3 C N - HAJ DUS FRA STR
LX N L S ZRH GVA
WK C L - ZRH
OS N L S VIE
AF N L K CDG ORY
TO C N - ORY NTE LYS MPL
SS C W - ORY
XK N S - AJA BIA
KL N L K AMS
HV C N - AMS RTM EIN
OR C L - AMS
SN N L S BRU
JF C L - BRU
IB N L O MAD
UX N L K MAD
I2 C N - MAD
VY C N - BCN FCO ORY BIO SVQ
V7 C N - VCE NTE BOD MRS PMO
NT R S - LPA TFN
AZ N L - FCO LIN
AY N L O HEL
SK N L K CPH ARN OSL
DY C N - OSL ARN CPH HEL BGO TRD
WF R S - BOO TOS BGO
FI N M - KEF
NY R T - RKV AEY
GL N L - GOH SFJ
RC N S - FAE
TP N L S LIS OPO
S4 N M - PDL
SP R T - PDL
LO N L S WAW
QS C N - PRG
W6 C N - BUD OTP CLJ SOF KTW GDN WAW WRO KRK VNO RIX SKP BEG TIA LTN FCO MXP NAP BRI CTA LCA KUT TSR IAS
BT N N - RIX TLL VNO
LG N N - LUX
A3 N N S ATH
OA N S - ATH
GQ N S - ATH
RO N N K OTP
FB N N - SOF
JU N L - BEG
OU N N S ZAG
KM N N - MLA
CY N N - LCA
TK N L S IST
PC C N - SAW ADB AYT ESB
XQ C N - AYT ADB
SU N L - SVO
FV N L - LED VKO
S7 N L - OVB DME
U6 N M - SVX DME
UT N N - VKO SGC TJM
WZ C N - DME
Y7 N N - KJA
R3 N N - YKS
YL N S - SLY
B2 N N - MSQ
J2 N L - GYD
A9 N N - TBS
HY N L - TAS
KC N L - ALA NQZ
T5 N L - ASB
7J N N - DYU
EK N L - DXB
FZ C N - DXB
EY N L - AUH
G9 C N - SHJ
3O C N - CMN TNG
QR N L O DOH
GF N L - BAH
WY N L O MCT
KU N L - KWI
J9 C N - KWI
SV N L K JED RUH
XY C N - RUH JED
RJ N L O AMM
ME N L K BEY
LY N L - TLV
IZ N N - TLV
6H C N - TLV
IR N L - IKA THR
W5 N L - IKA THR
EP N N - THR
IA N L - BGW
RB N N - DAM
IY N N - ADE
MS N L S CAI
NP N N - CAI
ET N L S ADD
KQ N L K NBO
SA N L S JNB
4Z N S - JNB
AT N L O CMN
AH N L - ALG
TU N N - TUN
UG R S - TUN
DT N L - LAD
WB N L - KGL
HM N S - SEZ
MK N L - MRU
UU N L - RUN
MD N N - TNR
TM N N - MPM
TC N L - DAR
PW N S - DAR
BP N S - GBE
UM N N - HRE
QC N N - DLA
P0 R S - LUN
8U N N - MJI
LN N N - MJI
SD N N - KRT
3W N S - LLW
2J N S - OUA
AJ N S - LOS
OJ N S - LOS
SQ N L S SIN
TZ C L - SIN
CX N L O HKG
HX N L - HKG
UO C N - HKG
NX N N - MFM
CI N L K TPE
BR N L S TPE
B7 N S - TSA KHH
JL N L O HND NRT
NH N L S HND NRT
BC N S - HND
NU N S - OKA
HD N S - CTS
7G N S - KKJ
MM C N - KIX NRT
IJ C N - NRT
JH R S - FSZ NKM
KE N L K ICN GMP
OZ N L S ICN GMP
7C C N - ICN GMP CJU
LJ C N - ICN GMP
TW C N - ICN TAE
BX C N - PUS
ZE C N - GMP
CA N L S PEK CTU
MU N L K PVG SHA KMG XIY
CZ N L - CAN PKX URC
HU N L - HAK PEK
MF N L K XMN FOC
3U N L - CTU CKG
FM N N - SHA PVG
ZH N N S SZX
SC N N - TNA TAO
HO N N - SHA PVG
OQ N N - CKG
G5 N S - CKG
9C C N - SHA PVG
KN C N - PKX
PN C N - CKG
TG N L S BKK
PG N N - BKK USM
FD C N - DMK
DD C N - DMK
SL C N - DMK
MH N L O KUL
OD N N - KUL
AK C N - KUL BKI PEN
D7 C L - KUL
FY R S - SZB PEN
GA N L K CGK DPS
SJ N N - CGK
QG C N - CGK SUB
JT C N - CGK
QZ C N - CGK DPS
PR N L - MNL CEB
2P N S - MNL CEB
5J C N - MNL CEB
Z2 C N - MNL
VN N L K SGN HAN
BL C N - SGN
QV N N - VTE
K6 N S - PNH REP
UB N N - RGN
AI N L S DEL BOM
6E C M - DEL BOM BLR HYD
SG C N - DEL BOM
IX C N - BLR COK
PK N L - KHI LHE ISB
ED N N - KHI ISB
UL N L O CMB
BG N L - DAC
RA N N - KTM
YT R T - KTM
KB N S - PBH
Q2 R S - MLE
OM N L - ULN UBN
QF N L O SYD MEL BNE PER
VA N L - BNE SYD MEL
JQ C L - MEL SYD
ZL R S - SYD MEL ADL
TL R S - DRW
NZ N L S AKL WLG CHC
CV R T - CHT
FJ N L O NAN
PX N M - POM
CG R S - POM
SB N L - NOU
IE N S - HIR
ON N S - INU
TN N W - PPT
VT R S - PPT
PH R S - APW
RT R T - TBU
GZ R T - RAR
4A R S - TRW
CW R T - MAJ
`;

export const CARRIERS: readonly CarrierFacts[] = CARRIER_ROWS.trim()
  .split('\n')
  .map((row) => {
    const [code = '', kind = '', reach = '', alliance = '', ...bases] = row.trim().split(/\s+/);
    return {
      code,
      kind: kind as CarrierKind,
      reach: reach as CarrierReach,
      alliance: alliance as Alliance,
      bases,
    };
  });

/**
 * Partnerships outside the three alliances that sell connections at each other's hubs: airline
 * groups (IAG, LATAM, Aegean, China Eastern, Philippine Airlines), joint ventures and long-standing
 * codeshares (Emirates–Qantas, Delta–LATAM, Delta–WestJet, Air France-KLM–GOL, United–Azul).
 */
export const PARTNERSHIPS: readonly (readonly [string, string])[] = (
  'EK-QF EI-BA EI-IB EI-AA EI-UA LA-JJ LA-LP LA-4C LA-XL LA-DL JJ-DL LP-DL WS-DL WS-AF WS-KL ' +
  'WS-QF 5T-WS AS-HA HA-JL VA-DL VA-UA VA-NZ VA-QR AZ-LH OA-A3 FV-SU MU-FM PR-NH 2P-PR G3-AF ' +
  'G3-KL AD-UA AD-TP 4Z-SA UG-TU GL-SK XK-AF TN-AF SB-AF SB-QF MK-AF PX-QF FI-AY FI-AS'
)
  .split(' ')
  .map((pair) => {
    const [a = '', b = ''] = pair.split('-');
    return [a, b] as const;
  });

/**
 * Airports whose flights may not go farther than this (great circle, km): LaGuardia's perimeter
 * rule (1,500 statute miles) and Washington National's (1,250). Delta's LaGuardia and American's
 * National are hubs for the flights the rules allow.
 */
export const PERIMETER_KM: ReadonlyMap<string, number> = new Map([
  ['LGA', 2_414],
  ['DCA', 2_012],
]);

/**
 * The busiest airports by passengers (ACI ranking, rounded), busiest first. The data gives only a
 * size class, which would make Aalborg as big as Atlanta.
 */
export const BUSIEST_AIRPORTS = (
  'ATL DXB DFW LHR HND DEN IST LAX ORD DEL CDG JFK CAN AMS MAD FRA PVG SIN ICN BKK CTU SZX PEK PKX ' +
  'LAS BOM MCO CLT MIA SEA EWR SFO PHX IAH BCN DOH FCO HKG KUL JED CGK MEX MNL BLR YYZ MUC TPE SYD ' +
  'BOS MSP GRU LGW SVO NRT RUH AUH BOG MEL LGA DTW PHL FLL ORY SAW DUB ZRH CPH VIE PMI OSL ARN MAN ' +
  'LIS ATH BRU HEL WAW PRG BUD YVR YUL GIG SCL LIM CAI JNB ADD NBO CMN KIX SGN HAN CMB BNE AKL PER ' +
  'HNL IAD SAN TPA AUS SLC DCA CUN GDL PTY EZE STN GVA DUS HAM TLV DME'
).split(' ');
