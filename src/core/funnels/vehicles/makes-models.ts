/**
 * The vehicles the auto funnel offers as choices: the common makes of cars, SUVs, vans
 * and pickups sold in the United States, and each make's models with the U.S. model years they
 * were sold, over model years {@link FIRST_MODEL_YEAR} to {@link LAST_MODEL_YEAR}.
 *
 * Where it comes from: NHTSA's public vehicle product information catalog (vPIC,
 * https://vpic.nhtsa.dot.gov/api/), which lists every make and its models per model year. The
 * machine this was written on has no network and no npm package carries the lists, so this is a
 * hand-made extract of vPIC's makes and model names for passenger cars, multipurpose vehicles and
 * light trucks, limited to the makes and models people commonly insure (exotic, medium-duty and
 * very low-volume models are left out: their owners choose "Other" and type them). Model names
 * follow vPIC's spelling; a model sold in two separate spells (Honda Passport) has two entries.
 *
 * How to refresh it, once a year when the next model year's lists appear (July or so):
 *   1. for each make below, fetch
 *      https://vpic.nhtsa.dot.gov/api/vehicles/GetModelsForMakeYear/make/{make}/modelyear/{year}/vehicletype/{car|mpv|truck}?format=json
 *      for the new year (and the year before, to catch late additions);
 *   2. add the models that are new and end the ones that are missing (set their last year);
 *   3. raise {@link LAST_MODEL_YEAR} and run the funnel tests (test/unit/vehicle-choices.test.ts
 *      checks the ranges and names).
 * New makes are added the same way from
 * https://vpic.nhtsa.dot.gov/api/vehicles/GetMakesForVehicleType/car?format=json (and mpv, truck).
 */

/** The first model year the lists cover; an older car's model is typed, not chosen. */
export const FIRST_MODEL_YEAR = 1995;

/** The last model year the lists cover. */
export const LAST_MODEL_YEAR = 2027;

/**
 * One model: its name, the first model year it was sold in the U.S. ({@link FIRST_MODEL_YEAR} for
 * models already on sale then) and the last; no last year means it is still sold.
 */
export type ModelEntry = readonly [model: string, firstYear: number, lastYear?: number];

/** Each make's models, by make name; makes and models in alphabetical order. */
export const VEHICLE_MODELS: Readonly<Record<string, readonly ModelEntry[]>> = {
  Acura: [
    ['ADX', 2025], ['CL', 1997, 2003], ['ILX', 2013, 2022], ['Integra', 1995, 2001], ['Integra', 2023], ['Legend', 1995, 1995],
    ['MDX', 2001], ['NSX', 1995, 2005], ['NSX', 2017, 2022], ['RDX', 2007], ['RL', 1996, 2012], ['RLX', 2014, 2020],
    ['RSX', 2002, 2006], ['TL', 1995, 2014], ['TLX', 2015], ['TSX', 2004, 2014], ['ZDX', 2010, 2013], ['ZDX', 2024],
  ],
  'Alfa Romeo': [['4C', 2015, 2020], ['Giulia', 2017], ['Stelvio', 2018], ['Tonale', 2024]],
  Audi: [
    ['90', 1995, 1995], ['A3', 2006], ['A4', 1996], ['A5', 2008], ['A6', 1995], ['A7', 2012], ['A8', 1997], ['Cabriolet', 1995, 1998],
    ['e-tron', 2019, 2023], ['e-tron GT', 2022], ['Q3', 2015], ['Q4 e-tron', 2022], ['Q5', 2009], ['Q6 e-tron', 2025], ['Q7', 2007],
    ['Q8', 2019], ['Q8 e-tron', 2024, 2024], ['R8', 2008, 2023], ['TT', 2000, 2023],
  ],
  BMW: [
    ['2 Series', 2014], ['3 Series', 1995], ['4 Series', 2014], ['5 Series', 1995], ['6 Series', 2004, 2019], ['7 Series', 1995],
    ['8 Series', 1995, 1997], ['8 Series', 2019, 2025], ['i3', 2014, 2021], ['i4', 2022], ['i5', 2024], ['i7', 2023], ['iX', 2022],
    ['X1', 2012], ['X2', 2018], ['X3', 2004], ['X4', 2015], ['X5', 2000], ['X6', 2008], ['X7', 2019], ['XM', 2023], ['Z3', 1996, 2002],
    ['Z4', 2003, 2016], ['Z4', 2019],
  ],
  Buick: [
    ['Cascada', 2016, 2019], ['Century', 1995, 2005], ['Enclave', 2008], ['Encore', 2013, 2022], ['Encore GX', 2020], ['Envision', 2016],
    ['Envista', 2024], ['LaCrosse', 2005, 2019], ['LeSabre', 1995, 2005], ['Lucerne', 2006, 2011], ['Park Avenue', 1995, 2005],
    ['Rainier', 2004, 2007], ['Regal', 1995, 2004], ['Regal', 2011, 2020], ['Rendezvous', 2002, 2007], ['Riviera', 1995, 1999],
    ['Roadmaster', 1995, 1996], ['Skylark', 1995, 1998], ['Terraza', 2005, 2007], ['Verano', 2012, 2017],
  ],
  Cadillac: [
    ['ATS', 2013, 2019], ['Catera', 1997, 2001], ['CT4', 2020], ['CT5', 2020], ['CT6', 2016, 2020], ['CTS', 2003, 2019], ['DeVille', 1995, 2005],
    ['DTS', 2006, 2011], ['Eldorado', 1995, 2002], ['ELR', 2014, 2016], ['Escalade', 1999], ['Escalade ESV', 2003], ['Escalade EXT', 2002, 2013],
    ['Escalade IQ', 2025], ['Fleetwood', 1995, 1996], ['Lyriq', 2023], ['Optiq', 2025], ['Seville', 1995, 2004], ['SRX', 2004, 2016],
    ['STS', 2005, 2011], ['Vistiq', 2026], ['XLR', 2004, 2009], ['XT4', 2019], ['XT5', 2017], ['XT6', 2020], ['XTS', 2013, 2019],
  ],
  Chevrolet: [
    ['Astro', 1995, 2005], ['Avalanche', 2002, 2013], ['Aveo', 2004, 2011], ['Beretta', 1995, 1996], ['Blazer', 1995, 2005], ['Blazer', 2019],
    ['Blazer EV', 2024], ['Bolt', 2027], ['Bolt EUV', 2022, 2023], ['Bolt EV', 2017, 2023], ['C/K 1500', 1995, 2000], ['Camaro', 1995, 2002],
    ['Camaro', 2010, 2024], ['Caprice', 1995, 1996], ['Captiva Sport', 2012, 2015], ['Cavalier', 1995, 2005], ['Cobalt', 2005, 2010],
    ['Colorado', 2004, 2012], ['Colorado', 2015], ['Corsica', 1995, 1996], ['Corvette', 1995], ['Cruze', 2011, 2019], ['Equinox', 2005],
    ['Equinox EV', 2024], ['Express', 1996], ['HHR', 2006, 2011], ['Impala', 1995, 1996], ['Impala', 2000, 2020], ['Lumina', 1995, 2001],
    ['Malibu', 1997, 2025], ['Metro', 1998, 2001], ['Monte Carlo', 1995, 2007], ['Prizm', 1998, 2002], ['S-10', 1995, 2004],
    ['Silverado 1500', 1999], ['Silverado 2500 HD', 2001], ['Silverado 3500 HD', 2001], ['Silverado EV', 2024], ['Sonic', 2012, 2020],
    ['Spark', 2013, 2022], ['SS', 2014, 2017], ['SSR', 2003, 2006], ['Suburban', 1995], ['Tahoe', 1995], ['Tracker', 1999, 2004],
    ['Trailblazer', 2002, 2009], ['Trailblazer', 2021], ['Traverse', 2009], ['Trax', 2015], ['Uplander', 2005, 2008], ['Venture', 1997, 2005],
    ['Volt', 2011, 2019],
  ],
  Chrysler: [
    ['200', 2011, 2017], ['300', 2005, 2023], ['300M', 1999, 2004], ['Aspen', 2007, 2009], ['Cirrus', 1995, 2000], ['Concorde', 1995, 2004],
    ['Crossfire', 2004, 2008], ['LHS', 1995, 1997], ['LHS', 1999, 2001], ['New Yorker', 1995, 1996], ['Pacifica', 2004, 2008], ['Pacifica', 2017],
    ['Prowler', 2001, 2002], ['PT Cruiser', 2001, 2010], ['Sebring', 1995, 2010], ['Town & Country', 1995, 2016], ['Voyager', 2000, 2003],
    ['Voyager', 2020],
  ],
  Dodge: [
    ['Avenger', 1995, 2000], ['Avenger', 2008, 2014], ['Caliber', 2007, 2012], ['Caravan', 1995, 2007], ['Challenger', 2008, 2023],
    ['Charger', 2006], ['Dakota', 1995, 2011], ['Dart', 2013, 2016], ['Durango', 1998, 2009], ['Durango', 2011], ['Grand Caravan', 1995, 2020],
    ['Hornet', 2023], ['Intrepid', 1995, 2004], ['Journey', 2009, 2020], ['Magnum', 2005, 2008], ['Neon', 1995, 2005], ['Nitro', 2007, 2011],
    ['Ram 1500', 1995, 2010], ['Ram 2500', 1995, 2010], ['Ram 3500', 1995, 2010], ['Sprinter', 2003, 2009], ['Stealth', 1995, 1996],
    ['Stratus', 1995, 2006], ['Viper', 1995, 2010], ['Viper', 2013, 2017],
  ],
  Fiat: [['124 Spider', 2017, 2020], ['500', 2012, 2019], ['500e', 2013, 2019], ['500e', 2024], ['500L', 2014, 2020], ['500X', 2016, 2023]],
  Ford: [
    ['Aerostar', 1995, 1997], ['Aspire', 1995, 1997], ['Bronco', 1995, 1996], ['Bronco', 2021], ['Bronco Sport', 2021], ['C-Max', 2013, 2018],
    ['Contour', 1995, 2000], ['Crown Victoria', 1995, 2011], ['E-Series', 1995], ['EcoSport', 2018, 2022], ['Edge', 2007, 2024],
    ['Escape', 2001], ['Escort', 1995, 2003], ['Excursion', 2000, 2005], ['Expedition', 1997], ['Explorer', 1995],
    ['Explorer Sport Trac', 2001, 2010], ['F-150', 1995], ['F-150 Lightning', 2022], ['F-250', 1995], ['F-350', 1995], ['Fiesta', 2011, 2019],
    ['Five Hundred', 2005, 2007], ['Flex', 2009, 2019], ['Focus', 2000, 2018], ['Freestar', 2004, 2007], ['Freestyle', 2005, 2007],
    ['Fusion', 2006, 2020], ['GT', 2005, 2006], ['GT', 2017, 2022], ['Maverick', 2022], ['Mustang', 1995], ['Mustang Mach-E', 2021],
    ['Probe', 1995, 1997], ['Ranger', 1995, 2011], ['Ranger', 2019], ['Taurus', 1995, 2019], ['Taurus X', 2008, 2009],
    ['Thunderbird', 1995, 1997], ['Thunderbird', 2002, 2005], ['Transit', 2015], ['Transit Connect', 2010, 2023], ['Windstar', 1995, 2003],
  ],
  Genesis: [['G70', 2019], ['G80', 2017], ['G90', 2017], ['GV60', 2023], ['GV70', 2022], ['GV80', 2021]],
  GMC: [
    ['Acadia', 2007], ['Canyon', 2004, 2012], ['Canyon', 2015], ['Envoy', 1998, 2000], ['Envoy', 2002, 2009], ['Hummer EV', 2022],
    ['Jimmy', 1995, 2005], ['Safari', 1995, 2005], ['Savana', 1996], ['Sierra 1500', 1995], ['Sierra 2500 HD', 2001], ['Sierra 3500 HD', 2001],
    ['Sierra EV', 2024], ['Sonoma', 1995, 2004], ['Terrain', 2010], ['Yukon', 1995], ['Yukon XL', 2000],
  ],
  Honda: [
    ['Accord', 1995], ['Civic', 1995], ['Clarity', 2017, 2021], ['CR-V', 1997], ['CR-Z', 2011, 2016], ['Crosstour', 2010, 2015],
    ['del Sol', 1995, 1997], ['Element', 2003, 2011], ['Fit', 2007, 2020], ['HR-V', 2016], ['Insight', 2000, 2006], ['Insight', 2010, 2014],
    ['Insight', 2019, 2022], ['Odyssey', 1995], ['Passport', 1995, 2002], ['Passport', 2019], ['Pilot', 2003], ['Prelude', 1995, 2001],
    ['Prologue', 2024], ['Ridgeline', 2006, 2014], ['Ridgeline', 2017], ['S2000', 2000, 2009],
  ],
  Hummer: [['H1', 1995, 2006], ['H2', 2003, 2009], ['H3', 2006, 2010]],
  Hyundai: [
    ['Accent', 1995, 2022], ['Azera', 2006, 2017], ['Elantra', 1995], ['Entourage', 2007, 2009], ['Equus', 2011, 2016], ['Genesis', 2009, 2016],
    ['Genesis Coupe', 2010, 2016], ['Ioniq', 2017, 2022], ['Ioniq 5', 2022], ['Ioniq 6', 2023], ['Ioniq 9', 2026], ['Kona', 2018], ['Nexo', 2019],
    ['Palisade', 2020], ['Santa Cruz', 2022], ['Santa Fe', 2001], ['Sonata', 1995], ['Tiburon', 1997, 2008], ['Tucson', 2005],
    ['Veloster', 2012, 2022], ['Venue', 2020], ['Veracruz', 2007, 2012], ['XG350', 2002, 2005],
  ],
  Infiniti: [
    ['EX35', 2008, 2012], ['FX35', 2003, 2012], ['G35', 2003, 2008], ['G37', 2008, 2013], ['I30', 1996, 2001], ['I35', 2002, 2004],
    ['J30', 1995, 1997], ['M35', 2006, 2010], ['M37', 2011, 2013], ['Q45', 1995, 2006], ['Q50', 2014, 2024], ['Q60', 2014, 2022],
    ['Q70', 2014, 2019], ['QX4', 1997, 2003], ['QX30', 2017, 2019], ['QX50', 2014], ['QX55', 2022, 2025], ['QX56', 2004, 2013],
    ['QX60', 2014], ['QX70', 2014, 2017], ['QX80', 2014],
  ],
  Isuzu: [['Amigo', 1998, 2000], ['Ascender', 2003, 2008], ['Axiom', 2002, 2004], ['Hombre', 1996, 2000], ['i-Series', 2006, 2008], ['Rodeo', 1995, 2004], ['Trooper', 1995, 2002]],
  Jaguar: [
    ['E-Pace', 2018, 2024], ['F-Pace', 2017, 2025], ['F-Type', 2014, 2024], ['I-Pace', 2019, 2024], ['S-Type', 2000, 2008], ['X-Type', 2002, 2008],
    ['XE', 2017, 2020], ['XF', 2009, 2024], ['XJ', 1995, 2019], ['XK', 1997, 2015],
  ],
  Jeep: [
    ['Cherokee', 1995, 2001], ['Cherokee', 2014, 2023], ['Cherokee', 2026], ['Commander', 2006, 2010], ['Compass', 2007], ['Gladiator', 2020],
    ['Grand Cherokee', 1995], ['Grand Cherokee L', 2021], ['Grand Wagoneer', 2022], ['Liberty', 2002, 2012], ['Patriot', 2007, 2017],
    ['Renegade', 2015, 2023], ['Wagoneer', 2022], ['Wagoneer S', 2024], ['Wrangler', 1995],
  ],
  Kia: [
    ['Amanti', 2004, 2009], ['Borrego', 2009, 2009], ['Cadenza', 2014, 2020], ['Carnival', 2022], ['EV6', 2022], ['EV9', 2024], ['Forte', 2010, 2024],
    ['K4', 2025], ['K5', 2021], ['K900', 2015, 2020], ['Niro', 2017], ['Optima', 2001, 2020], ['Rio', 2001, 2023], ['Rondo', 2007, 2010],
    ['Sedona', 2002, 2021], ['Seltos', 2021], ['Sephia', 1995, 2001], ['Sorento', 2003], ['Soul', 2010], ['Spectra', 2000, 2009],
    ['Sportage', 1995, 2002], ['Sportage', 2005], ['Stinger', 2018, 2023], ['Telluride', 2020],
  ],
  'Land Rover': [
    ['Defender', 1995, 1997], ['Defender', 2020], ['Discovery', 1995, 2004], ['Discovery', 2017], ['Discovery Sport', 2015], ['Freelander', 2002, 2005],
    ['LR2', 2008, 2015], ['LR3', 2005, 2009], ['LR4', 2010, 2016], ['Range Rover', 1995], ['Range Rover Evoque', 2012], ['Range Rover Sport', 2006],
    ['Range Rover Velar', 2018],
  ],
  Lexus: [
    ['CT 200h', 2011, 2017], ['ES', 1995], ['GS', 1995, 2020], ['GX', 2003], ['HS 250h', 2010, 2012], ['IS', 2001], ['LC', 2018], ['LS', 1995],
    ['LX', 1996], ['NX', 2015], ['RC', 2015], ['RX', 1999], ['RZ', 2023], ['SC', 1995, 2000], ['SC', 2002, 2010], ['TX', 2024], ['UX', 2019],
  ],
  Lincoln: [
    ['Aviator', 2003, 2005], ['Aviator', 2020], ['Blackwood', 2002, 2002], ['Continental', 1995, 2002], ['Continental', 2017, 2020], ['Corsair', 2020],
    ['LS', 2000, 2006], ['Mark LT', 2006, 2008], ['Mark VIII', 1995, 1998], ['MKC', 2015, 2019], ['MKS', 2009, 2016], ['MKT', 2010, 2019],
    ['MKX', 2007, 2018], ['MKZ', 2007, 2020], ['Nautilus', 2019], ['Navigator', 1998], ['Town Car', 1995, 2011], ['Zephyr', 2006, 2006],
  ],
  Lucid: [['Air', 2022], ['Gravity', 2025]],
  Mazda: [
    ['626', 1995, 2002], ['929', 1995, 1995], ['B-Series', 1995, 2009], ['CX-3', 2016, 2021], ['CX-30', 2020], ['CX-5', 2013], ['CX-50', 2023],
    ['CX-7', 2007, 2012], ['CX-70', 2025], ['CX-9', 2007, 2023], ['CX-90', 2024], ['Mazda2', 2011, 2014], ['Mazda3', 2004], ['Mazda5', 2006, 2015],
    ['Mazda6', 2003, 2021], ['Millenia', 1995, 2002], ['MPV', 1995, 1998], ['MPV', 2000, 2006], ['MX-3', 1995, 1995], ['MX-30', 2022, 2023],
    ['MX-5 Miata', 1995], ['MX-6', 1995, 1997], ['Protege', 1995, 2003], ['RX-7', 1995, 1995], ['RX-8', 2004, 2011], ['Tribute', 2001, 2011],
  ],
  'Mercedes-Benz': [
    ['A-Class', 2019, 2022], ['AMG GT', 2016], ['C-Class', 1995], ['CL-Class', 1998, 2014], ['CLA', 2014], ['CLK', 1998, 2009], ['CLS', 2006, 2023],
    ['E-Class', 1995], ['EQB', 2022], ['EQE', 2023], ['EQS', 2022], ['G-Class', 2002], ['GL-Class', 2007, 2016], ['GLA', 2015], ['GLB', 2020],
    ['GLC', 2016], ['GLE', 2016], ['GLK', 2010, 2015], ['GLS', 2017], ['M-Class', 1998, 2015], ['Metris', 2016, 2023], ['R-Class', 2006, 2012],
    ['S-Class', 1995], ['SL', 1995], ['SLC', 2017, 2020], ['SLK', 1998, 2016], ['Sprinter', 2010],
  ],
  Mercury: [
    ['Cougar', 1995, 1997], ['Cougar', 1999, 2002], ['Grand Marquis', 1995, 2011], ['Marauder', 2003, 2004], ['Mariner', 2005, 2011],
    ['Milan', 2006, 2011], ['Montego', 2005, 2007], ['Monterey', 2004, 2007], ['Mountaineer', 1997, 2010], ['Mystique', 1995, 2000],
    ['Sable', 1995, 2005], ['Sable', 2008, 2009], ['Tracer', 1995, 1999], ['Villager', 1995, 2002],
  ],
  Mini: [['Clubman', 2008, 2024], ['Convertible', 2005], ['Cooper', 2002], ['Countryman', 2011], ['Coupe', 2012, 2015], ['Paceman', 2013, 2016], ['Roadster', 2012, 2015]],
  Mitsubishi: [
    ['3000GT', 1995, 1999], ['Diamante', 1995, 2004], ['Eclipse', 1995, 2012], ['Eclipse Cross', 2018], ['Endeavor', 2004, 2011], ['Galant', 1995, 2012],
    ['i-MiEV', 2012, 2017], ['Lancer', 2002, 2017], ['Mirage', 1997, 2002], ['Mirage', 2014], ['Montero', 1995, 2006], ['Montero Sport', 1997, 2004],
    ['Outlander', 2003], ['Outlander Sport', 2011, 2024], ['Raider', 2006, 2009],
  ],
  Nissan: [
    ['200SX', 1995, 1998], ['240SX', 1995, 1998], ['300ZX', 1995, 1996], ['350Z', 2003, 2009], ['370Z', 2009, 2020], ['Altima', 1995], ['Ariya', 2023],
    ['Armada', 2004], ['Cube', 2009, 2014], ['Frontier', 1998], ['GT-R', 2009, 2024], ['Juke', 2011, 2017], ['Kicks', 2018], ['Leaf', 2011],
    ['Maxima', 1995, 2023], ['Murano', 2003], ['NV', 2012, 2021], ['NV200', 2013, 2021], ['Pathfinder', 1995], ['Quest', 1995, 2002],
    ['Quest', 2004, 2009], ['Quest', 2011, 2017], ['Rogue', 2008], ['Rogue Sport', 2017, 2022], ['Sentra', 1995], ['Titan', 2004, 2024],
    ['Versa', 2007], ['Xterra', 2000, 2015], ['Z', 2023],
  ],
  Oldsmobile: [
    ['88', 1995, 1999], ['98', 1995, 1996], ['Achieva', 1995, 1998], ['Alero', 1999, 2004], ['Aurora', 1995, 1999], ['Aurora', 2001, 2003],
    ['Bravada', 1996, 2004], ['Cutlass', 1997, 1999], ['Cutlass Ciera', 1995, 1996], ['Cutlass Supreme', 1995, 1997], ['Intrigue', 1998, 2002],
    ['LSS', 1996, 1999], ['Silhouette', 1995, 2004],
  ],
  Plymouth: [['Acclaim', 1995, 1995], ['Breeze', 1996, 2000], ['Grand Voyager', 1995, 2000], ['Neon', 1995, 2001], ['Prowler', 1997, 2001], ['Voyager', 1995, 2000]],
  Polestar: [['Polestar 2', 2021], ['Polestar 3', 2025], ['Polestar 4', 2025]],
  Pontiac: [
    ['Aztek', 2001, 2005], ['Bonneville', 1995, 2005], ['Firebird', 1995, 2002], ['G3', 2009, 2010], ['G5', 2007, 2009], ['G6', 2005, 2010],
    ['G8', 2008, 2009], ['Grand Am', 1995, 2005], ['Grand Prix', 1995, 2008], ['GTO', 2004, 2006], ['Montana', 1999, 2006], ['Solstice', 2006, 2010],
    ['Sunfire', 1995, 2005], ['Torrent', 2006, 2009], ['Trans Sport', 1995, 1998], ['Vibe', 2003, 2010],
  ],
  Porsche: [['911', 1995], ['928', 1995, 1995], ['968', 1995, 1995], ['Boxster', 1997], ['Cayenne', 2003], ['Cayman', 2006], ['Macan', 2015], ['Panamera', 2010], ['Taycan', 2020]],
  Ram: [['1500', 2011], ['2500', 2011], ['3500', 2011], ['ProMaster', 2014], ['ProMaster City', 2015, 2022]],
  Rivian: [['R1S', 2022], ['R1T', 2022]],
  Saab: [['900', 1995, 1998], ['9-2X', 2005, 2006], ['9-3', 1999, 2011], ['9-5', 1999, 2011], ['9-7X', 2005, 2009]],
  Saturn: [
    ['Astra', 2008, 2009], ['Aura', 2007, 2009], ['Ion', 2003, 2007], ['L-Series', 2000, 2005], ['Outlook', 2007, 2010], ['Relay', 2005, 2007],
    ['S-Series', 1995, 2002], ['Sky', 2007, 2010], ['Vue', 2002, 2010],
  ],
  Scion: [['FR-S', 2013, 2016], ['iA', 2016, 2016], ['iM', 2016, 2016], ['iQ', 2012, 2015], ['tC', 2005, 2016], ['xA', 2004, 2006], ['xB', 2004, 2015], ['xD', 2008, 2014]],
  Smart: [['fortwo', 2008, 2019]],
  Subaru: [
    ['Ascent', 2019], ['Baja', 2003, 2006], ['BRZ', 2013], ['Crosstrek', 2013], ['Forester', 1998], ['Impreza', 1995], ['Legacy', 1995],
    ['Outback', 1996], ['Solterra', 2023], ['SVX', 1995, 1997], ['Tribeca', 2006, 2014], ['WRX', 2015],
  ],
  Suzuki: [
    ['Aerio', 2002, 2007], ['Equator', 2009, 2012], ['Esteem', 1995, 2002], ['Forenza', 2004, 2008], ['Grand Vitara', 1999, 2013], ['Kizashi', 2010, 2013],
    ['Reno', 2005, 2008], ['Samurai', 1995, 1995], ['Sidekick', 1995, 1998], ['Swift', 1995, 2001], ['SX4', 2007, 2013], ['Verona', 2004, 2006],
    ['XL-7', 2001, 2009],
  ],
  Tesla: [['Cybertruck', 2024], ['Model 3', 2017], ['Model S', 2012], ['Model X', 2016], ['Model Y', 2020], ['Roadster', 2008, 2012]],
  Toyota: [
    ['4Runner', 1995], ['86', 2017, 2020], ['Avalon', 1995, 2022], ['bZ', 2026], ['bZ4X', 2023, 2025], ['C-HR', 2018, 2022], ['Camry', 1995],
    ['Celica', 1995, 2005], ['Corolla', 1995], ['Corolla Cross', 2022], ['Crown', 2023], ['Echo', 2000, 2005], ['FJ Cruiser', 2007, 2014],
    ['GR Corolla', 2023], ['GR86', 2022], ['Grand Highlander', 2024], ['Highlander', 2001], ['Land Cruiser', 1995, 2021], ['Land Cruiser', 2024],
    ['Matrix', 2003, 2013], ['Mirai', 2016], ['MR2', 1995, 1995], ['MR2', 2000, 2005], ['Paseo', 1995, 1997], ['Previa', 1995, 1997], ['Prius', 2001],
    ['Prius c', 2012, 2019], ['Prius Prime', 2017], ['Prius v', 2012, 2017], ['RAV4', 1996], ['Sequoia', 2001], ['Sienna', 1998], ['Solara', 1999, 2008],
    ['Supra', 1995, 1998], ['Supra', 2020], ['T100', 1995, 1998], ['Tacoma', 1995], ['Tercel', 1995, 1999], ['Tundra', 2000], ['Venza', 2009, 2015],
    ['Venza', 2021, 2024], ['Yaris', 2007, 2020],
  ],
  Volkswagen: [
    ['Arteon', 2019, 2023], ['Atlas', 2018], ['Atlas Cross Sport', 2020], ['Beetle', 1998, 2019], ['Cabrio', 1995, 2002], ['CC', 2009, 2017],
    ['Corrado', 1995, 1995], ['Eos', 2007, 2016], ['EuroVan', 1995, 2003], ['Golf', 1995, 2021], ['Golf R', 2012], ['GTI', 1995], ['ID. Buzz', 2025],
    ['ID.4', 2021], ['Jetta', 1995], ['Passat', 1995, 2022], ['Phaeton', 2004, 2006], ['Rabbit', 2006, 2009], ['Routan', 2009, 2014], ['Taos', 2022],
    ['Tiguan', 2009], ['Touareg', 2004, 2017],
  ],
  Volvo: [
    ['850', 1995, 1997], ['940', 1995, 1995], ['960', 1995, 1997], ['C30', 2008, 2013], ['C40', 2022, 2024], ['C70', 1998, 2013], ['EX30', 2025],
    ['EX90', 2025], ['S40', 2000, 2011], ['S60', 2001], ['S70', 1998, 2000], ['S80', 1999, 2016], ['S90', 1997, 1998], ['S90', 2017],
    ['V40', 2000, 2004], ['V50', 2005, 2011], ['V60', 2015], ['V70', 1998, 2010], ['V90', 1997, 1998], ['V90', 2017], ['XC40', 2019],
    ['XC60', 2010], ['XC70', 2003, 2016], ['XC90', 2003],
  ],
};
