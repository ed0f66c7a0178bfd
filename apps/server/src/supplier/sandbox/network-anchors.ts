/**
 * Facts about the real network that the data packages lack: which airlines are the big ones and
 * where they are based, and which airports are the busiest. The generated network hangs off these
 * anchors so that it looks like the real one where an agent would notice (BA at Heathrow, Atlanta
 * busier than Aalborg); everything else follows from the gravity model and the seed.
 */

/**
 * Carriers known to be their country's main airlines, in order, with their real hubs. The data
 * says neither how big an airline is nor where it is based; without this table the flag carrier
 * would be picked by chance and based at whatever airport the hash favoured.
 */
export const MAJOR_CARRIERS: ReadonlyMap<string, readonly string[]> = new Map(
  (
    'AA:DFW,CLT DL:ATL,MSP UA:ORD,EWR WN:MDW,LAS AS:SEA B6:JFK BA:LHR,LGW VS:LHR U2:LGW LH:FRA,MUC ' +
    'DE:FRA EW:DUS AF:CDG,ORY KL:AMS IB:MAD VY:BCN UX:MAD AZ:FCO LX:ZRH,GVA OS:VIE SK:CPH,ARN AY:HEL ' +
    'TP:LIS EI:DUB FR:DUB,STN LO:WAW TK:IST PC:SAW SU:SVO S7:OVB,DME EK:DXB EY:AUH QR:DOH SV:JED,RUH ' +
    'MS:CAI ET:ADD KQ:NBO SA:JNB AT:CMN AC:YYZ,YVR WS:YYC AM:MEX LA:SCL,LIM AR:AEP,EZE JJ:GRU G3:CGH ' +
    'AD:VCP CM:PTY QF:SYD,MEL VA:BNE NZ:AKL SQ:SIN CX:HKG JL:HND,NRT NH:HND,NRT KE:ICN OZ:ICN CA:PEK ' +
    'MU:PVG,SHA CZ:CAN HU:HAK AI:DEL,BOM 6E:DEL,BLR TG:BKK MH:KUL GA:CGK PR:MNL VN:SGN,HAN CI:TPE ' +
    'BR:TPE PK:KHI UL:CMB BG:DAC RJ:AMM ME:BEY GF:BAH WY:MCT KU:KWI IR:IKA HY:TAS KC:ALA A3:ATH ' +
    'OA:ATH RO:OTP OK:PRG JU:BEG BT:RIX LG:LUX LY:TLV TU:TUN AH:ALG DT:LAD WB:KGL HM:SEZ MK:MRU ' +
    'FJ:NAN PX:POM'
  )
    .split(' ')
    .map((entry) => {
      const [code = '', hubs = ''] = entry.split(':');
      return [code, hubs.split(',')] as const;
    }),
);
export const MAJOR_CARRIER_ORDER = [...MAJOR_CARRIERS.keys()];

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
