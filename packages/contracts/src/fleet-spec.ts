/**
 * The fleet spec : the server exports its meters and gateways as `fleet.json`,
 * the simulator (apps/simulator) reads it. One definition for both sides, so the file they exchange cannot
 * drift. Optional members are what a hand-written spec may leave out; the server's export fills them all
 * except `passwords`.
 */
export interface FleetSpecMeter {
  meterId: string;
  address: string;
  /** 0 electricity, 1 water, 2 gas */
  type: number;
  /** 0 GPRS (DTU over TCP), 1 LoRaWAN */
  communicationWay: number;
  devEui?: string;
  gatewayIds?: string[];
  sts: {
    decoderKey: string;
    ea?: string;
    sgc?: string;
    krn: number;
    ti: number;
    kt: number;
    ken: number;
    baseYear?: number;
  };
  /** Opening credit in 0.1 units. */
  balance?: number;
  /** Password per level, 6 digits (default: level 2 and 4 = 123456). */
  passwords?: Record<string, string>;
}

export interface FleetSpec {
  applicationId?: string;
  region?: string;
  gateways: { gatewayId: string; stationId?: string }[];
  meters: FleetSpecMeter[];
}
