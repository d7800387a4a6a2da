import XCTest
import WaveSyntax
@testable import WaveCompiler

/// Realistic single mistakes, as a new user makes them writing everyday animations: typos in
/// every kind of word, missing braces, parentheses and values, wrong units, use before
/// declaration, unknown block keys, bad colours in every colour position. Each lists every
/// diagnostic the script gets (warnings too), with its line:column, code, message and the
/// fix-it an editor would offer (`=> 'text'` replacing the range that starts at `@l:c`).
final class MistakeSuiteTests: XCTestCase {
    static let cases: [(script: String, expected: [String])] = [
        ("evry 1s { }", ["1:1 E0219 unknown statement 'evry'; did you mean 'every'? => 'every' @1:1"]),
        ("var x = 0\nanimte x to 1 over 1s", ["2:1 E0219 unknown statement 'animte'; did you mean 'animate'? => 'animate' @2:1"]),
        ("var x = 0\nsping x to 1", ["2:1 E0219 unknown statement 'sping'; did you mean 'spring'? => 'spring' @2:1"]),
        ("layr a: circle { radius 5 }", ["1:1 E0219 unknown statement 'layr'; did you mean 'layer'? => 'layer' @1:1"]),
        ("tempalte dot: circle { }\nevery 1s { spawn dot }", ["1:1 E0219 unknown statement 'tempalte'; did you mean 'template'? => 'template' @1:1"]),
        ("var x = 0\nanimate x to 1 ovr 1s", ["2:16 E0218 unknown option 'ovr' for 'animate'; did you mean 'over'? => 'over' @2:16"]),
        ("layer a: circle { }\nanimate a.radius valeus [1, 2, 3] over 1s", ["2:18 E0218 unknown option 'valeus' for 'animate'; did you mean 'values'? => 'values' @2:18"]),
        ("var x = 0\nanimate x to 1 over 1s dealy 1s", ["2:24 E0218 unknown option 'dealy' for 'animate'; did you mean 'delay'? => 'delay' @2:24"]),
        ("var x = 0\nspring x to 1 stifness 300", ["2:15 E0218 unknown option 'stifness' for 'spring'; did you mean 'stiffness'? => 'stiffness' @2:15"]),
        ("var x = 0\nspring x to 1 { stifness 300  dampng 10  bogus 3 }", [
            "2:17 E0218 unknown key 'stifness' in a spring body; did you mean 'stiffness'? => 'stiffness' @2:17",
            "2:31 E0218 unknown key 'dampng' in a spring body; did you mean 'damping'? => 'damping' @2:31",
            "2:42 E0218 unknown key 'bogus' in a spring body",
        ]),
        ("var x = 0\nspring x to 1 { mas 2 }", ["2:17 E0218 unknown key 'mas' in a spring body; did you mean 'mass'? => 'mass' @2:17"]),
        ("layer s: text \"hi\" { }\neffect s typewriter ovr 1s", ["2:21 E0218 unknown option 'ovr' for 'effect'; did you mean 'over'? => 'over' @2:21"]),
        ("var x = 0\nsequence stagr 1s { animate x to 1 over 1s }", ["2:10 E0218 unknown option 'stagr' for 'sequence'; expected one of: delay, repeat, stagger"]),
        ("scene 100x100 { backgrund #fff }", ["1:17 E0208 unknown scene property 'backgrund'; did you mean 'background'? => 'background' @1:17"]),
        ("scene 100x100 { duraton 2s }", ["1:17 E0208 unknown scene property 'duraton'; did you mean 'duration'? => 'duration' @1:17"]),
        ("layer a: circle { radus 5 }", ["1:19 E0202 unknown property 'radus' on circle; did you mean 'radius'? => 'radius' @1:19"]),
        ("layer title: text \"hi\" { fnt \"Sans\" }", ["1:26 E0202 unknown property 'fnt' on text; did you mean 'font'? => 'font' @1:26"]),
        ("layer w: wave { wavelenght 40 }", ["1:17 E0202 unknown property 'wavelenght' on wave; did you mean 'wavelength'? => 'wavelength' @1:17"]),
        ("layer r: rect { cornr 4 }", ["1:17 E0202 unknown property 'cornr' on rect; did you mean 'corner'? => 'corner' @1:17"]),
        ("layer g: group { opacty 0.5 }", ["1:18 E0202 unknown property 'opacty' on group; did you mean 'opacity'? => 'opacity' @1:18"]),
        ("template spark: circle { radus 5 }\nevery 1s { spawn spark }", ["1:26 E0202 unknown property 'radus' on circle; did you mean 'radius'? => 'radius' @1:26"]),
        ("layer p: path { move (0, 0) quad (1, 1) contrl (2, 2) }", ["1:41 E0218 unknown option 'contrl' for 'quad'; did you mean 'control'? => 'control' @1:41"]),
        ("layer p: path { move (0, 0) arc (1, 1) radus 3 from 0deg to 90deg }", ["1:40 E0218 unknown option 'radus' for 'arc'; did you mean 'radius'? => 'radius' @1:40"]),
        ("layer m: circle { }\nlayer a: circle { mask m invertd }", ["2:26 E0218 unknown option 'invertd' for 'mask'; did you mean 'inverted'? => 'inverted' @2:26"]),
        ("layer ball: circle { }\nevery tick { ball.radus += 1 }", ["2:19 E0202 unknown property 'radus' on circle layer 'ball'; did you mean 'radius'? => 'radius' @2:19"]),
        ("var x = len(3)", ["1:9 E0206 unknown function 'len'"]),
        ("layer b: rectangle { }", ["1:10 E0203 unknown layer kind 'rectangle'; expected one of: circle, ellipse, rect, line, polygon, path, wave, text, group, image"]),
        // Core Animation's layer classes: how wave writes them, and nothing more from the body.
        ("layer e: emitter { position (50, 50)\n  spawn p: circle { radius 2 }\n}", [
            "1:10 E0203 unknown layer kind 'emitter'; particles come from an emitter block at the top level: 'emit TEMPLATE { birth-rate 20  lifetime 1s … }' (grammar.md, Emitters)",
            "2:3 E0214 'spawn' inside layer 'e': 'spawn' goes at the top level or in a timer's body, not among a layer's properties",
        ]),
        ("layer r: CAReplicatorLayer { }", ["1:10 E0203 unknown layer kind 'CAReplicatorLayer'; a replicator is a group whose body says 'replicate N …', such as 'layer ring: group { replicate 12 rotate 30deg about (60, 60) … }'"]),
        // Placements that no drawing order satisfies.
        ("layer a: rect below b { }\nlayer b: rect below a { }", ["1:21 E0216 placement cycle: 'a' below 'b' below 'a': no drawing order satisfies them"]),
        ("layer a: rect above a { }", ["1:21 E0216 layer 'a' is placed above itself"]),
        ("layer b: rect { }\nlayer a: rect { fill red } below b", ["2:28 E0219 'below b' goes after the layer's kind, before its body: 'layer NAME: KIND below b { … }'"]),
        ("layer a: rect { }\nanimate a.opacity to 0 over 1s stagger 0.1s", ["2:32 E0218 'stagger' spreads the starts of several animations: of a repeated layer's copies, of several targets, of 'G.children.P', or inside 'sequence'/'parallel'; one target has nothing to spread"]),
        // A misspelt hyphenated property after `layer.` gets the did-you-mean a body gives it.
        ("layer heart: circle { }\nheart.shadow-radus = 30", ["2:7 E0202 unknown property 'shadow-radus' on circle layer 'heart'; did you mean 'shadow-radius'? => 'shadow-radius' @2:7"]),
        ("layer heart: circle { }\nanimate heart.stroke-widht to 3 over 1s", ["2:15 E0202 unknown property 'stroke-widht' on circle layer 'heart'; did you mean 'stroke-width'? => 'stroke-width' @2:15"]),
        // CSS habits in an animation: the duration without 'over', a point without parentheses.
        ("layer a: rect { }\nanimate a.opacity from 0 to 1 1s ease ease-in", ["2:31 E0101 a duration in 'animate' follows 'over': write 'over 1s' => 'over ' @2:31"]),
        ("layer a: rect { }\nanimate a.position to 10, 20 over 1s", ["2:23 E0101 a point is written in parentheses: 'to (10, 20)' => '(10, 20)' @2:23"]),
        // Positions in other tools' words.
        ("layer a: rect { anchor bottom-center }", ["1:24 E0212 unknown word 'bottom-center' for 'anchor'; wave calls it 'bottom' => 'bottom' @1:24"]),
        ("layer a: rect { anchor bottom center }", ["1:24 E0212 'anchor' takes one word: 'bottom center' is 'bottom' => 'bottom' @1:24"]),
        ("layer a: rect { anchor middle }", ["1:24 E0212 unknown word 'middle' for 'anchor'; wave calls it 'center' => 'center' @1:24"]),
        ("layer a: rect { shadow-blur 4 }", ["1:17 E0202 unknown property 'shadow-blur' on rect: the shadow's blur is 'shadow-radius' (Core Animation's shadowRadius; CSS's blur length is the same number)"]),
        ("layer a: rect { scaleY 2 }", ["1:17 E0202 unknown property 'scaleY' on rect: 'scale' is a point: give both, 'scale (x, y)', or change one in an animation or assignment, 'scale.y'"]),
        ("layer p: path { rect (0, 0, 10, 10) radius 8 }", ["1:37 E0218 unknown option 'radius' for 'rect'; a rect sub-path's rounded corners are its 'corner' label: 'rect (x, y, w, h) corner r' => 'corner' @1:37"]),
        ("layer a: line { cap rounded }", ["1:21 E0212 'cap' is one of butt, round, square; did you mean 'round'? => 'round' @1:21"]),
        ("layer s: text \"hi\" { }\neffect s fadein over 1s", ["2:10 E0207 unknown text effect 'fadein'; did you mean 'fade'? => 'fade' @2:10"]),
        // A template never spawned is a warning; after a misspelt spawn it is not said too.
        ("template dot: circle { fill red }", ["1:1 W0003 template 'dot' is never spawned"]),
        ("template dot: circle { fill red }\nevery 1s { spwan dot }", ["2:12 E0219 unknown statement 'spwan'; did you mean 'spawn'? => 'spawn' @2:12"]),
        ("template dot: circle { fill red }\nevery 1s { spawn dott }", ["2:18 E0205 unknown template 'dott'; did you mean 'dot'? => 'dot' @2:18"]),
        // A mistake the parser reads as meant leaves the statement whole: another one in it
        // is reported too.
        ("layer a: rect { fill red }\nanimate a.opacty from 0 to 1 over 1s auto-reverse", [
            "2:11 E0202 unknown property 'opacty' on rect layer 'a'; did you mean 'opacity'? => 'opacity' @2:11",
            "2:38 E0218 unknown option 'auto-reverse' for 'animate'; did you mean 'autoreverse'? => 'autoreverse' @2:38",
        ]),
        // Options given twice, or two that give the same thing: the later one is an error.
        ("var x = 0\nanimate x to 1 over 1s over 2s", ["2:24 E0210 'over' is given twice (first at 2:16); give it once"]),
        ("var x = 0\nanimate x from 0 to 1 by 3 over 1s", ["2:23 E0210 'from', 'to' and 'by' together say where it starts and ends twice (by is to minus from); give two of them"]),
        ("var x = 0\nanimate x values [0, 1] to 3 over 1s", ["2:25 E0210 'values' gives every keyframe, the first and last too: 'to' does not go with it"]),
        ("var x = 0\nspring x to 1 { response 0.3 duration 0.4 }", ["2:30 E0210 'response' and 'duration' give the same thing (the first at 2:17); give one"]),
        ("var x = 0\nspring x to 1 response 0.3 over 1s", []),
        // A declaration refused for a reserved name: its uses are not reported again.
        ("layer t: text \"hi\" { }\neffect t fade over 1s", ["1:7 E0211 't' is a built-in name (the seconds since tick 0) and cannot name a layer; choose another, such as 'tLayer'"]),
        ("var log = 0\nevery tick { log += 1 }\nlayer a: rect { opacity log }", ["1:5 E0211 'log' is a built-in function and cannot name a variable"]),
        ("layer a: circle { }\nlayer p: circle { }\nevery tick { a.mask = p }", ["3:16 E0202 'mask' is not a property to assign or animate: a layer's mask is written in its body, 'layer a: circle { mask OTHER }'; to change what shows, animate the mask layer itself"]),
        ("#real comment\nvar x = 1\nevery tick { x += 1 }", ["1:1 E0002 bad colour '#real': expected 3, 4, 6 or 8 hex digits; a comment needs a space after '#' ('# real …')"]),
        // A comment without its space after '#' where the word reads as hex: one error (or a
        // warning for a colour alone), and the rest of the line is not read as code.
        ("layer m: circle { radius 5 }  #cafe note", ["1:31 E0101 '#cafe' reads as a colour, which does nothing here; a comment needs a space after '#' => ' ' @1:32"]),
        ("#fade\nvar x = 1\nevery tick { x += 1 }", ["1:1 W0011 a colour on its own does nothing in a script; a comment needs a space after '#' => ' ' @1:2"]),
        ("layer b: circle { radius 5\n  #add a fill later\n  fill #ff0000 }", ["2:3 E0101 '#add' reads as a colour, which does nothing here; a comment needs a space after '#' => ' ' @2:4"]),
        ("layer d: circle { radius 5 } #bounce the ball", ["1:30 E0002 bad colour '#bounce': expected 3, 4, 6 or 8 hex digits; a comment needs a space after '#' ('# bounce …')"]),
        ("layer e: circle { radius 5 fill #ff00gg }", ["1:33 E0002 bad colour '#ff00gg': expected 3, 4, 6 or 8 hex digits"]),
        // CSS's width on a box is wave's stroke width: a warning when nothing is stroked.
        ("layer r: rect { frame (0, 0, 10, 10) width 30 }", ["1:38 W0013 'width' is the stroke's width ('stroke-width'), and layer 'r' draws no stroke: a rect's size is part of 'frame (x, y, width, height)'"]),
        ("layer r: rect { frame (0, 0, 10, 10) stroke #f00 width 3 }", []),
        ("layer r: rect { frame (0, 0, 10, 10) stroke-width 3 }\nevery 1s { r.stroke = #f00 }", []),
        // A point without parentheses; CSS's degree sign and turn.
        ("layer c: circle { center 50, 50 radius 10 }", ["1:28 E0101 expected a property name, found ','"]),
        ("layer r: rect { frame (0, 0, 10, 10) rotation 45° }", ["1:47 E0005 the degree sign is not a unit: write '45deg'"]),
        ("layer r: rect { frame (0, 0, 10, 10) }\nanimate r.rotation by 0.25turn over 1s", ["2:23 E0005 unknown unit 'turn' after 0.25 (units are s, ms, t, deg, rad, %, px); a turn is 360deg: did you mean '90deg'?"]),
        ("layer b: rectangle { }\nanimate b.opacity to 0 over 1s", ["1:10 E0203 unknown layer kind 'rectangle'; expected one of: circle, ellipse, rect, line, polygon, path, wave, text, group, image"]),
        // A name being typed after a dot does not swallow the declaration on the next line.
        ("animate card.\nlayer card: group {\n  layer face: rect { }\n}\nanimate face.opacity to 0 over 1s", ["1:13 E0101 expected a property name after '.', found the end of the line"]),
        // Other languages' ranges in 'for': one error, with wave's way to write it.
        ("var n = 0\nfor i in 0..10 { n += i }", ["2:10 E0101 '0..10' is not a range in wave; wave's range is 'a..<b': whole numbers from a up to, not including, b"]),
        ("var n = 0\nfor i in 1...n { n += i }", ["2:10 E0101 '1...n' is not a range in wave; wave's range is 'a..<b': whole numbers from a up to, not including, b"]),
        ("var n = 0\nfor i in range(5) { n += i }", ["2:10 E0101 'range(5)' is Python's; wave's range is 'a..<b': whole numbers from a up to, not including, b"]),
        ("var n = 0\nfor i in [1, 2, 3] { n += i }", ["2:10 E0101 'for' runs over whole numbers, not over a list; wave's range is 'a..<b': whole numbers from a up to, not including, b"]),
        // Another tool's word for an option: named in wave's words, and read as that option.
        ("var x = 0\nanimate x to 1 over 1s after 1s", ["2:24 E0218 unknown option 'after' for 'animate'; wave calls it 'delay' => 'delay' @2:24"]),
        ("var x = 0\nanimate x to 1 over 1s after 1s { stop }", []),
        ("var x = 0\nanimate x to 1 in 1s", ["2:16 E0218 unknown option 'in' for 'animate'; wave calls it 'over' => 'over' @2:16"]),
        ("var x = 0\nanimate x from 0 to 1 for 2s ease linear", ["2:23 E0218 unknown option 'for' for 'animate'; wave calls it 'over' => 'over' @2:23"]),
        ("var x = 0\nanimate x to 1 over 1s for i in 0..<2 { x += i }", []),
        ("var x = 0\nspring x to 1 wait 0.2s", ["2:15 E0218 unknown option 'wait' for 'spring'; wave calls it 'delay' => 'delay' @2:15"]),
        ("var x = 0\nanimate x to 1 over 1s ease-in-out", ["2:24 E0218 'ease-in-out' is a timing curve: in 'animate' it follows 'ease' => 'ease ease-in-out' @2:24"]),
        ("var x = 0\nanimate x to 1 over 1s repeat infinite", ["2:31 E0201 unknown name 'infinite': an endless repeat is 'repeat forever' => 'forever' @2:31"]),
        ("layer t1: text \"hi\" { size 0 }", ["1:28 E0306 text size must be a positive number below 10000, found 0"]),
        // A whole number of 10 or more as an angle is radians, as documented: a warning, since it is nearly always degrees.
        ("layer r: rect { rotation 45 }", ["1:26 W0006 'rotation' reads the plain number 45 as radians (7.2 turns); for degrees write 45deg => '45deg' @1:26"]),
        ("layer r: rect { }\nanimate r.rotation to 360 over 1s", ["2:23 W0006 'to' reads the plain number 360 as radians (57.3 turns); for degrees write 360deg => '360deg' @2:23"]),
        ("layer r: rect { rotation 3  rotation-y 90deg }\nanimate r.rotation to 2 * pi over 1s", []),
        // A top-level assignment from something that changes runs once: a warning that says how to keep it in step.
        ("var shown = 0\nevery 6t { shown += 1 }\nlayer c: text \"hi\" { }\nc.visible-chars = shown",
         ["4:1 W0007 this assignment runs once, at tick 0: the property will not follow 'shown' as it changes"]),
        ("layer b: circle { }\nb.position = (10 * sin(t), 0)", ["2:1 W0007 this assignment runs once, at tick 0: the property will not follow the clock as it changes"]),
        ("var x = 0\nanimate x to 5 over 1s\nlayer b: circle { }\nb.position.x = x", ["4:1 W0007 this assignment runs once, at tick 0: the property will not follow 'x' as it changes"]),
        ("var n = 0\nfor i in 0..<3 { n += 1 }\nlayer c: text \"hi\" { }\nc.visible-chars = n\nevery tick { c.visible-chars = n }", []),
        ("var x = 0\nanimate x to 1 over 1s ease ease-ot", ["2:29 E0401 unknown timing curve 'ease-ot'; did you mean 'ease-out'? => 'ease-out' @2:29"]),
        ("var x = 0\nanimate x to 1 over 1s fill forwrds", ["2:29 E0212 'fill' is one of none, forwards, backwards, both; did you mean 'forwards'? => 'forwards' @2:29"]),
        ("var x = 0\nanimate x over 1s mode cubc values [0, 1]", ["2:24 E0212 'mode' is one of discrete, linear, cubic, paced; did you mean 'cubic'? => 'cubic' @2:24"]),
        ("layer a: rect { cap bt }", ["1:21 E0212 'cap' is one of butt, round, square"]),
        ("layer a: rect { join mitter }", ["1:22 E0212 'join' is one of miter, round, bevel; did you mean 'miter'? => 'miter' @1:22"]),
        ("layer a: path { fill-rule evenodd }", ["1:27 E0212 'fill-rule' is one of non-zero, even-odd; did you mean 'even-odd'? => 'even-odd' @1:27"]),
        ("layer a: rect { anchor topleft }", ["1:24 E0212 unknown word 'topleft' for 'anchor'; did you mean 'top-left'? => 'top-left' @1:24"]),
        ("layer a: circle { fill blu }", ["1:24 E0212 unknown word 'blu' for 'fill'; did you mean 'blue'? => 'blue' @1:24"]),
        ("layer a: rect { fill linear-gradient(dwn, red, blue) }", ["1:38 E0307 unknown gradient direction 'dwn'; did you mean 'down'? => 'down' @1:38"]),
        ("layer a: rect { }\nanimate a.opacity 0 to 1 over 1s", ["2:19 E0101 expected 'from' before number '0': the values of an animation follow 'from', 'to' or 'by' => 'from ' @2:19"]),
        // Lists: one kind each; colours and strings only in a constant list (a let).
        ("let l = [1, red]", ["1:13 E0301 a list holds values of one kind: this colour follows numbers"]),
        ("let l = [1, (2, 3)]\nlayer p: polygon { points [(0, 0), (4, 0), (2, 3)] }\nlayer a: rect { dash [2, 1] }\nvar k = l[0]\nevery tick { k += 1 }", []),
        ("template dot(vx = 0): circle { }\nvar speed = 5\nevery 1s { spawn dot(speed = 4) }", ["3:22 E0201 template 'dot' has no parameter 'speed'; expected one of: vx"]),
        ("let to = #f00\nlet circle = #0f0\nlayer a: rect { fill linear-gradient(to 0%, blue) }\nlayer b: rect { fill radial-gradient(circle, blue) }", []),
        ("var x = 0\nvar y = 0\nevery tick {\n  y = x--\n  x += 1\n}", ["4:8 E0101 wave has no '--': change the variable in a statement of its own ('x -= 1')"]),
        ("layer a: circle { fill red color blue }", ["1:28 E0202 unknown property 'color' on circle; wave calls it 'fill', which this layer sets already"]),
        ("layer l: line { color red }", ["1:17 E0202 unknown property 'color' on line; wave calls it 'stroke' => 'stroke' @1:17"]),
        ("var x = 1\nlater 1s { x = 1 }\nx = 2 +", ["2:1 E0219 unknown statement 'later'; did you mean 'layer'? => 'layer' @2:1", "3:8 E0101 expected a value, found end of file"]),
        ("layer p: path { move (0, 0) d \"l 10 0\" }", ["1:31 E0420 bad path data at character 1: path data starts with a moveto, M or m"]),
        ("var p = [red, blue]\nlayer r: rect { fill p[1] }", ["1:9 E0301 a list of colours or strings is a constant: declare it with 'let'"]),
        ("let p = [red, blue]\nlayer r: rect { dash p }", ["2:22 E0301 'dash' needs a list of numbers, found a list of colours"]),
        ("let p = [red, #00ff00]\nlet w = [\"a\", \"b\"]\nlayer r: rect { fill p[1] }\nlayer s: text w[0] { }", []),
        // Core Animation's and CSS's names for options and curves, a quoted curve, and a spring written as a curve.
        ("var x = 0\nanimate x to 1 over 1s repeatCount 3 timing-function linear", [
            "2:24 E0218 unknown option 'repeatCount' for 'animate'; wave calls it 'repeat' => 'repeat' @2:24",
            "2:38 E0218 unknown option 'timing-function' for 'animate'; wave calls it 'ease' => 'ease' @2:38",
        ]),
        ("var x = 0\nanimate x to 1 over 1s ease easeInEaseOut", ["2:29 E0401 unknown timing curve 'easeInEaseOut'; wave calls it 'ease-in-out' => 'ease-in-out' @2:29"]),
        ("var x = 0\nanimate x to 1 over 1s ease \"ease-in\"", ["2:29 E0401 a timing curve is a word, not a string: write ease-in without quotes => 'ease-in' @2:29"]),
        ("var x = 0\nanimate x to 1 over 1s ease spring", ["2:29 E0401 a spring is not a timing curve in wave but an animation of its own: write 'spring LAYER.PROPERTY to VALUE' (with stiffness, damping, mass)"]),
        ("var x = 0\nanimate x to 1 over 1s autoreverse true", ["2:36 E0218 'autoreverse' takes no value: the word alone turns it on => '' @2:36"]),
        // A value no option takes, left on the line: one error, not a statement that does nothing.
        ("var x = 0\nanimate x to 1 over 1s ease ease-in 5", ["2:37 E0218 number '5' after 'ease' belongs to no option of 'animate': each value follows its option's word ('repeat 3', 'delay 0.5s')"]),
        ("layer a: text \"hi\" { }\neffect a fade over 1s 7 8\nvar y = 1", ["2:23 E0218 number '7' after 'over' belongs to no option of 'effect': each value follows its option's word ('repeat 3', 'delay 0.5s')",
                                                                "3:5 W0001 variable 'y' is never used"]),
        ("var x = 0\nanimate x to 1 over 1s ease cubic-bezier(0.1, 0.2, 0.3)", ["2:29 E0303 cubic-bezier takes 4 numbers, x1, y1, x2, y2 (as CSS's), found 3"]),
        // An option given twice to a group or an effect, as to an animation.
        ("var x = 0\nparallel stagger 0.1s delay 0.2s stagger 0.3s { animate x to 1 over 1s }", ["2:34 E0210 'stagger' is given twice (first at 2:10); give it once"]),
        ("layer w: text \"hi\" { }\neffect w fade over 1s over 2s", ["2:23 E0210 'over' is given twice (first at 2:15); give it once"]),
        // A property of another kind of layer says whose it is.
        ("layer c: circle { corner 8 }", ["1:19 E0209 a circle layer has no property 'corner'; it is round already ('corner' rounds a rect's corners)"]),
        ("layer c: rect { radius 8 }", ["1:17 E0209 a rect layer has no property 'radius'; 'radius' belongs to circle layers"]),
        // A duration without its unit gets the likely one; other tools' ways of saying forever, frame rate, size, transform.
        ("var x = 0\nanimate x to 1 over 500", ["2:21 E0402 an animation's duration must be a duration such as 2s, 500ms or 90t, found number => '500ms' @2:21"]),
        ("scene 100x100 { duration 5 }", ["1:26 E0402 scene duration must be a duration such as 2s, 500ms or 90t, found number => '5s' @1:26"]),
        ("var x = 0\nanimate x to 1 over 1s repeat -1", ["2:31 E0306 a repeat count must be more than 0; an endless repeat is 'repeat forever' => 'forever' @2:31"]),
        ("scene 100x100 { fps 30 }", ["1:17 E0208 unknown scene property 'fps': a scene runs at 60 ticks a second; a GIF's frame rate is chosen when rendering ('wave render --fps')"]),
        ("scene 200 x 100", ["1:7 E0101 a scene size is written as one word, 200x100 => '200x100' @1:7"]),
        ("layer a: circle { }\nanimate a.transform.scale to 2 over 1s", ["2:11 E0202 unknown property 'transform' on circle layer 'a': Core Animation's transform key paths are properties of their own in wave: scale, rotation, position, rotation-x, rotation-y, translation-z"]),
        // camelCase names of emitter, spring and option keys; an effect written as a member; an undeclared template.
        ("template spark: circle { }\nemit spark { birthRate 10 lifetime 1s }", ["2:14 E0218 unknown key 'birthRate' in an emit block; wave calls it 'birth-rate' => 'birth-rate' @2:14"]),
        ("var x = 0\nspring x to 1 { initialVelocity 2 }", ["2:17 E0218 unknown key 'initialVelocity' in a spring body; wave calls it 'initial-velocity' => 'initial-velocity' @2:17"]),
        ("var x = 0\nspring x to 1 dampingRatio 0.5", ["2:15 E0218 unknown option 'dampingRatio' for 'spring'; wave calls it 'damping-fraction' => 'damping-fraction' @2:15"]),
        ("layer label: text \"hi\" { }\neffect label.typewriter over 1s", ["2:13 E0101 the layer and the effect are two words: 'effect label typewriter …' => ' ' @2:13"]),
        ("every 1s { spawn spark }", ["1:18 E0205 unknown template 'spark'"]),
        ("layer p: path { moveTo (0, 0) curveTo (9, 9) control (3, 0) (6, 9) }", [
            "1:17 E0202 unknown path command 'moveTo'; wave calls it 'move' => 'move' @1:17",
            "1:31 E0202 unknown path command 'curveTo'; wave calls it 'cubic' => 'cubic' @1:31",
        ]),
        ("layer p: path { d \"M 0 0 L 5\" }", ["1:19 E0420 bad path data at character 10: expected a number"]),
        // CSS's gradient forms: 'to <side>', 'to <corner>', a radial shape; a misspelt gradient's words are not unknown names too.
        ("layer a: rect { fill linear-gradient(to right, red, blue) }", ["1:38 E0307 a gradient direction is a word without 'to' in wave: 'right' => 'right' @1:38"]),
        ("layer a: rect { fill linear-gradient(to bottom right, red, blue) }", ["1:38 E0307 CSS's 'to bottom right' has no word in wave: write its angle (CSS turns it with the box's shape: 135deg is 'to bottom right' on a square) or a corner-to-corner word such as 'down-right' (Core Animation's)"]),
        ("layer a: rect { fill radial-gradient(circle, red, blue) }", ["1:38 E0307 'circle': a radial gradient in wave is one circle whose radius is half the larger side of the layer's bounds; leave the shape out => '' @1:38"]),
        ("layer a: rect { fill conic-gradient(from 90deg, red, blue) }", ["1:37 E0307 a conic gradient's start angle is written without 'from' in wave => '' @1:37"]),
        ("layer a: rect { fill linear-gradient(right, red 20px, blue) }", ["1:49 E0307 a stop location is a fraction of the gradient line (0.2 or 20%), not a length"]),
        ("layer a: rect { fill linear-gradient(45, red, blue) }", ["1:38 W0006 a gradient's angle reads the plain number 45 as radians (7.2 turns); for degrees write 45deg => '45deg' @1:38"]),
        ("layer a: rect { fill conic-gradient(90, red, blue) }", ["1:37 W0006 a gradient's angle reads the plain number 90 as radians (14.3 turns); for degrees write 90deg => '90deg' @1:37"]),
        ("layer a: rect { fill lineargradient(down, red, blue) }", ["1:22 E0206 unknown function 'lineargradient'; did you mean 'linear-gradient'? => 'linear-gradient' @1:22"]),
        ("layer a: rect { transform rotate(45deg) }", ["1:17 E0202 CSS's transform is several properties in wave: scale, rotation, position (where the layer is, not a move from it), anchor (transform-origin), rotation-x, rotation-y, translation-z, perspective => 'rotation 45deg' @1:17"]),
        ("layer tick: circle { }", ["1:7 E0211 'tick' is a built-in name (the tick count) and cannot name a layer; choose another, such as 'tickLayer'"]),
        // C and Swift habits in statements: '++', 'then', a body without braces.
        ("var n = 0\nevery tick { n++ }", ["2:15 E0101 wave has no '++': write 'n += 1' => ' += 1' @2:15"]),
        ("var n = 0\nif n > 1 then { stop }", ["2:10 E0101 wave's 'if' has no 'then': the block follows the condition => '' @2:10"]),
        ("var n = 0\nevery tick { if n > 3 { n = 0 } else n += 1 }", ["2:38 E0101 expected '{' to open the body of 'else', found 'n'"]),
        // Other languages' habits in a condition: one error each, at the mistake, nothing after it.
        ("var n = 0\nevery tick {\n  if n = 3 {\n    stop\n  }\n  n += 1\n}\nlayer a: circle { radius 5 }",
         ["3:8 E0101 '=' assigns a value; a condition compares with '==' => '==' @3:8"]),
        ("var n = 0\nevery tick { if n => 3 { stop } }", ["2:19 E0101 '=>' is not an operator: did you mean '>='? => '>=' @2:19"]),
        ("var n = 0\nevery tick { if n > 3 and n < 9 { stop } }", ["2:23 E0101 wave writes 'and' as '&&' => '&&' @2:23"]),
        ("var n = 0\nevery tick { if n > 3 { n = 0 }\n elif n > 1 { n = 1 } }",
         ["3:2 E0219 'elif' is not a statement in wave; wave writes it 'else if' ('if a { … } else if b { … }')"]),
        ("var n = 0\nevery tick { n =+ 1 }", ["2:16 E0101 '=+' is not an operator: did you mean '+='? => '+=' @2:16"]),
        ("layer b: rect { size 10 }", ["1:17 E0209 a rect layer has no property 'size'; its place and size are one property, 'frame (x, y, width, height)'"]),
        ("layer b: rect { frame (0, 0, 9, 9) }\nanimate b.opacity to 0 over 1s ease linr",
         ["2:37 E0401 unknown timing curve 'linr'; expected one of: linear, ease-in, ease-out, ease-in-out, default, ease, ease-out-bounce; or cubic-bezier(x1, y1, x2, y2), steps(n) or linear(points…)"]),
        ("var c = 1.5.3\nlayer a: circle { radius c }", ["1:9 E0009 bad number '1.5.3': a number has at most one decimal point"]),
        ("scene 100x100 { seed 1.5 }", ["1:22 E0306 the seed is a whole number from 0 to 9000000000000000, found 1.5"]),
        ("scene 100x100 { seed -3 }", ["1:22 E0306 the seed is a whole number from 0 to 9000000000000000, found -3"]),
        ("layer c: circle { center (50 50) radius 4 }",
         ["1:30 E0101 expected ',' between the items of '(…)' at 1:26, found number '50' => ',' @1:29"]),
        // Colour constructors: the other one's argument count, and constant arguments out of range (clamped).
        ("layer a: rect { fill rgb(255, 0, 0, 0.5) }", ["1:22 E0303 'rgb' takes 3 arguments, found 4; with an alpha it is 'rgba' => 'rgba' @1:22"]),
        ("layer a: rect { fill rgba(255, 0, 0) }", ["1:22 E0303 'rgba' takes 4 arguments, found 3; without an alpha it is 'rgb' => 'rgb' @1:22"]),
        ("layer a: rect { fill rgb(1.0, 0.5, 0) }", ["1:26 W0008 'rgb' components run from 0 to 255, so these fractions make a colour close to black; for fractions of full write percentages, as in rgb(100%, 50%, 0%)"]),
        ("layer a: rect { fill rgba(255, 0, 0, 128) }", ["1:38 W0008 the alpha of 'rgba' runs from 0 to 1; 128 is read as 1 (opaque)"]),
        ("layer a: rect { fill hsl(200deg, 50, 0.5) }", ["1:34 W0008 'hsl' saturation is a fraction from 0 to 1; 50 is read as 1: write 50%"]),
        ("layer a: rect { fill rgb(300, 0, 0) }", ["1:26 W0008 'rgb' components run from 0 to 255; 300 is read as 255"]),
        ("layer a: rect { fill rgb(1, 0, 0) }\nlayer b: rect { fill rgb(100%, 50%, 0%) }", []),
        // CSS and JSON habits in a body: a ':' or '=' after the name, ',' between properties.
        ("layer a: circle { center: (10, 10) radius = 5 }", [
            "1:25 E0101 a property takes its value without ':': write 'center …' => '' @1:25",
            "1:43 E0101 a property takes its value without '=': write 'radius …' => '' @1:43",
        ]),
        ("layer a: circle { center (10, 10), radius 5 }", ["1:34 E0101 properties are separated by spaces or new lines, not ',' => '' @1:34"]),
        ("var x = 0\nspring x to 1 { stiffness: 300 }", ["2:26 E0101 a property takes its value without ':': write 'stiffness …' => '' @2:26"]),
        // Core Animation's, CSS's and SVG's names for a property: named in wave's words, read as it.
        ("layer a: rect { line-width 0.5 }", ["1:17 E0202 unknown property 'line-width' on rect; wave calls it 'stroke-width' => 'stroke-width' @1:17"]),
        ("layer a: rect { cornerRadius 8  borderColor red }", [
            "1:17 E0202 unknown property 'cornerRadius' on rect; wave calls it 'corner' => 'corner' @1:17",
            "1:33 E0202 unknown property 'borderColor' on rect; wave calls it 'stroke' => 'stroke' @1:33",
        ]),
        ("layer a: circle { shadowRadius 4 }\nanimate a.strokeEnd to 1 over 1s", [
            "1:19 E0202 unknown property 'shadowRadius' on circle; wave calls it 'shadow-radius' => 'shadow-radius' @1:19",
            "2:11 E0202 unknown property 'strokeEnd' on circle layer 'a'; wave calls it 'stroke-end' => 'stroke-end' @2:11",
        ]),
        ("layer label: text \"hi\" { font-size 20  color \"x\" }", [
            "1:26 E0202 unknown property 'font-size' on text; wave calls it 'size' => 'size' @1:26",
            "1:40 E0202 unknown property 'color' on text; wave calls it 'fill' => 'fill' @1:40",
            "1:46 E0301 'fill' needs a paint or one of none, found string",
        ]),
        ("layer a: rect { x 10  frame (0, 0, 5, 5) }", ["1:17 E0202 unknown property 'x' on rect: its place and size are one property, 'frame (x, y, width, height)'"]),
        ("layer a: rect { skew-x 30deg }", ["1:17 E0202 unknown property 'skew-x' on rect"]),
        ("layer a: rect { shadow-spread 4 }", ["1:17 E0202 unknown property 'shadow-spread' on rect"]),
        ("var n = 0\nevery 1s { for i in [1, 2] { n += i } }", ["2:21 E0101 'for' runs over whole numbers, not over a list; wave's range is 'a..<b': whole numbers from a up to, not including, b"]),
        // A value left out, and the next line or label read as that value: one error.
        ("let k =\nlayer ball: circle { radius 3 }\nanimate ball.opacity to 1 over 1s", ["1:7 E0104 'let k' needs a value after '='"]),
        ("layer ball: circle { radius 3 }\nanimate ball.opacity from to 1 over 1s", ["2:22 E0104 'from' in 'animate' needs a value, found 'to'"]),
        ("let to = 1\nlayer ball: circle { radius 3 }\nanimate ball.opacity from to over 1s", []),
        // The ':' of a layer left out: the layer is still declared, its body still checked.
        ("layer ball circle { radius 3  fil red }\nevery tick { ball.radius += 1 }", [
            "1:12 E0101 expected ':' after layer name 'ball', found 'circle' => ':' @1:11",
            "1:31 E0202 unknown property 'fil' on circle; did you mean 'fill'? => 'fill' @1:31",
        ]),
        ("layer a: text \"x\" { text \"y\" }", ["1:21 E0210 property 'text' is set twice (first at 1:15)"]),
        ("scene 100x100\nlayer a: circle { radius 3 }\nscene 200x200", ["3:1 E0214 a script has one scene header, and it is at 1:1; merge this one into it"]),
        ("var v = 0\nanimate v to 1 over 1s ease steps(0)", ["2:35 E0405 steps takes a whole number of steps ≥ 1, found 0"]),
        ("layer b5: rect { mask holee }\nlayer ball: circle { radius 3 }", ["1:23 E0204 unknown layer 'holee' for mask; expected one of: ball"]),
        ("layer sea: wave { wavelength 0 }", ["1:30 W0009 a 'wavelength' of 0 draws no wave: the surface is flat, at level + amplitude · sin(phase)"]),
        ("\u{FEFF}layer a: circle { fil red }", ["1:19 E0202 unknown property 'fil' on circle; did you mean 'fill'? => 'fill' @1:19"]),
        ("layer ball: circle { radius 3 }\nat 1s { remove bal }", ["2:16 E0204 unknown layer 'bal'; did you mean 'ball'? => 'ball' @2:16"]),
        ("layer card: rect { border-radius: 12px }", [
            "1:20 E0202 unknown property 'border-radius' on rect; wave calls it 'corner' => 'corner' @1:20",
            "1:33 E0101 a property takes its value without ':': write 'corner …' => '' @1:33",
        ]),
        ("var n = 0\nwhile n < 3 { n += 1 }", ["2:1 E0219 'while' is not a statement in wave; to loop over numbers use 'for i in 0..<n { … }'; to repeat over time while a condition holds, 'every tick { if … { … } }' ('stop' halts the whole scene)"]),
        ("func f(x) { }", ["1:11 E0101 expected '=' before the body of 'f' (func f(…) = expression), found '{'"]),
        ("scene 200x100 { background #zzzzzz }\nlayer a: circle {\n  radius\n  fill red\n  center (10, 20\n}", [
            "1:28 E0002 bad colour '#zzzzzz': expected 3, 4, 6 or 8 hex digits",
            "3:3 E0104 property 'radius' needs a value before 'fill'",
            "6:1 E0102 expected ')' to close '(' at 5:10, found '}' => ')' @5:17",
        ]),
        ("layer a: circle { radius 5", ["1:17 E0102 unclosed '{' of layer 'a': expected '}' before the end of the file => '}\n' @1:27"]),
        ("layer a: circle radius 5 }", ["1:17 E0101 expected '{' to open the body of layer 'a', found 'radius' => '{ ' @1:17"]),
        ("var x = sin(1", ["1:14 E0102 expected ')' to close '(' at 1:12, found end of file => ')' @1:14"]),
        ("layer a: circle { radius }", ["1:19 E0104 property 'radius' needs a value"]),
        ("var x =", ["1:8 E0101 expected a value, found end of file"]),
        ("var xs = [1, 2", ["1:15 E0102 expected ']' to close '[' at 1:10, found end of file => ']' @1:15"]),
        ("var x = 0\nanimate x to 1 over 1 s", ["2:23 E0101 a unit is written right after its number: '1s', not '1 s' => '1s' @2:21"]),
        ("var x = 0\nanimate x to 1 over 1sec", ["2:21 E0005 unknown unit 'sec' after 1 (units are s, ms, t, deg, rad, %, px); did you mean '1s'?"]),
        ("layer a: circle { radius 5 px }", ["1:28 E0101 a unit is written right after its number: '5px', not '5 px' => '5px' @1:26"]),
        ("layer a: circle { rotation 1s }", ["1:28 E0301 'rotation' needs an angle, found a time"]),
        ("var x = 3kg", ["1:9 E0005 unknown unit 'kg' after 3; units are s, ms, t, deg, rad, %, px"]),
        ("var y = 0\nevery tick { y += k\n  y += k }\nvar k = 2", ["2:19 E0220 'k' is declared at 4:5, after this use; move the declaration up"]),
        ("layer a: circle { radius r }\nvar r = 5", ["1:26 E0220 'r' is declared at 2:5, after this use; move the declaration up"]),
        // Bound properties reading each other in a loop (a binding reading another is fine).
        ("layer a: circle { radius b.radius + 1 }\nlayer b: circle { radius a.radius + 1 }", [
            "1:19 E0221 binding cycle: 'a.radius' reads 'b.radius', which reads 'a.radius': bindings are recomputed each tick from one another, so a loop has no value",
        ]),
        ("layer a: circle { radius radius + 1 }", [
            "1:19 E0221 'a.radius' is bound to an expression that reads it: a binding is recomputed each tick from other values, so it cannot read itself",
        ]),
        ("let r = c.opacity * 10\nlayer a: circle { radius r }\nlayer c: circle { opacity a.radius / 20 }", [
            "2:19 E0221 binding cycle: 'a.radius' reads 'c.opacity', which reads 'a.radius': bindings are recomputed each tick from one another, so a loop has no value",
        ]),
        ("layer bar[3]: rect { frame (index * 20, 0, 10, bar[0].frame.height + 1) }", [
            "1:22 E0221 'bar.frame' is bound to an expression that reads it: a binding is recomputed each tick from other values, so it cannot read itself",
        ]),
        ("layer a: circle { radius b.radius + 1 }\nlayer b: circle { radius t * 10  opacity a.radius / 100 }", []),
        ("layer m: circle { radius 5 }\nlayer a: rect { mask m }\nat 1s { remove m }",
         ["3:9 W0014 'm' masks 'a': once it is removed, that layer shows nothing"]),
        ("layer b: circle { radius 5 }\nat 1s { remove b }", []),
        ("var a = 3px * 1s", ["1:9 E0302 cannot multiply a length by a time: units differ (a plain number keeps the other's unit: to drop one, divide it by its unit, as in 'd / 1s')"]),
        ("var d = 2s\nlayer a: rect { frame (0, 0, 10px * 90deg, d / 1s * 3px)  rotation t * 90deg }", []),
        ("layer bar: rect { frame (0, 95, 100%, 5)  corner 50%  anchor (50%, 50%)  scale 120%  opacity 50% }", [
            "1:33 W0017 '100%' is the number 1 here: a percentage is a plain number (÷ 100), not a share of the box or scene as in CSS; 'frame' is in pixels ('width' and 'height' are the scene's: 'width / 2')",
            "1:50 W0017 '50%' is the number 0.5 here: a percentage is a plain number (÷ 100), not a share of the box or scene as in CSS; 'corner' is in pixels ('width' and 'height' are the scene's: 'width / 2')",
        ]),
        ("layer ring: circle { stroke red  dash [10, 150] }\nanimate ring.dash to [100, 150] over 1s", [
            "2:9 E0304 'dash' is a list and cannot be animated; write its numbers with variables and animate those: 'var on = 10' … 'dash [on, 150]' … 'animate on to 100 over 1s'",
        ]),
        ("layer a: circle { opacity 0 }\nsequence {\n  parallel { animate a.opacity to 1 over 0.3s }\n}",
         ["3:3 E0214 'parallel' cannot go inside 'sequence': groups do not nest; give the animations inside 'delay' options, or chain them with 'then'"]),
        ("func wid(i) = 8 + i\nfunc xpos(i) = i <= 0 ? 30 : xpos(i - 1) + wid(i - 1)\nlayer tab[3]: rect { frame (xpos(index), 0, 10, 10) }",
         ["2:30 E0105 'xpos' nests calls too deeply: each call writes out its body (5 levels of expression) inside the caller's, and the whole may be at most 200 levels; recursion ends only where its condition is constant"]),
        ("layer dot: circle { }\nanimate dot.opacity from 0 to 1 over 0.3s direction alternate", ["2:43 E0218 CSS's 'direction alternate' is 'autoreverse' in wave (a repeat then counts there-and-back cycles: CSS's 2 alternating iterations are 'repeat 1 autoreverse') => 'autoreverse' @2:43"]),
        ("layer dot: circle { }\nanimate dot.opacity from 0 to 1 over 0.3s animation-direction reverse", ["2:43 E0218 'animate' has no 'animation-direction': to run it backwards swap its 'from' and 'to'; CSS's 'alternate' is 'autoreverse'"]),
        ("layer knob: circle { radius 13  transform scale(1.2) }", ["1:33 E0202 CSS's transform is several properties in wave: scale, rotation, position (where the layer is, not a move from it), anchor (transform-origin), rotation-x, rotation-y, translation-z, perspective => 'scale 1.2' @1:33"]),
        ("layer knob: circle { transform: translateX(10px) }", ["1:22 E0202 CSS's transform is several properties in wave: scale, rotation, position (where the layer is, not a move from it), anchor (transform-origin), rotation-x, rotation-y, translation-z, perspective"]),
        ("layer dot: circle { radius 10  box-shadow 0 2px 4px rgba(0, 0, 0, .2) }", ["1:32 E0202 unknown property 'box-shadow' on circle: wave's shadow is four properties, as Core Animation's: shadow-color, shadow-opacity, shadow-offset (x, y), shadow-radius"]),
        ("layer dot: circle { animation pulse 1s infinite }", ["1:21 E0202 unknown property 'animation' on circle: an animation is a statement after the layer: 'animate L.P from A to B over D …' (grammar.md §8)"]),
        ("@keyframes pulse { 0% { opacity: 0 } }", ["1:1 E0001 CSS's '@keyframes' has no place in wave: an animation's keyframes go in its 'animate', 'animate L.P values [a, b, c] times [0, 0.4, 1] over D' (the percentages are the times)"]),
        ("var x = 0\nanimate x to 1 over 1s infinite", ["2:24 E0218 'infinite' alone is no option: an endless repeat is 'repeat forever' => 'repeat forever' @2:24"]),
        ("layer a: rect { translate (10, 20) }", ["1:17 E0202 unknown property 'translate' on rect: wave's 'position' is where the layer's anchor is, not a move from it: 'position (x, y)'; to move it, animate 'position' or 'position.x'"]),
        ("layer g: rect { fill linear-gradient(right, red, transparent) }", [
            "1:50 W0016 'transparent' is transparent black, so the gradient darkens between it and the colour beside it (wave interpolates unpremultiplied, as Core Animation does; CSS does not); to fade that colour out, use it at alpha 0, rgba(255, 0, 0, 0) => 'rgba(255, 0, 0, 0)' @1:50",
        ]),
        ("layer h: rect { fill #3a7bd5 }\nanimate h.fill to transparent over 1s", [
            "2:19 W0016 'transparent' is transparent black, so the animation darkens between it and the colour beside it (wave interpolates unpremultiplied, as Core Animation does; CSS does not); to fade that colour out, use it at alpha 0, rgba(58, 123, 213, 0) => 'rgba(58, 123, 213, 0)' @2:19",
        ]),
        ("layer g: rect { fill linear-gradient(right, black, transparent, rgba(255, 0, 0, 0)) }\nlayer h: rect { fill red }\nanimate h.opacity to 0 over 1s", []),
        ("layer bar[3]: rect { frame (0, 0, 10, 10) }\nvar l = path-length(bar)", ["2:21 E0216 'bar' has 3 copies: name one, 'path-length(bar[0])'"]),
        ("layer tab[2]: text \"a\" { }\nlayer u: rect { frame (0, 0, text-width(tab[1]) + path-length(tab[0]), 2) }", []),
        ("layer c: circle { }\nvar w = text-width(c)", ["2:20 E0216 'text-width' measures a text layer; 'c' is a circle layer"]),
        // Text ink metrics (issue 51).
        ("layer w: text \"Hi\" { }\nlayer r: rect { frame ink-bounds(w, 0, 1)  position (0, baseline(w) - cap-height(w) + x-height(w)) }", []),
        ("layer w: text \"Hi\" { }\nlet b = ink-bounds(w, 0, 1, 2)", ["2:9 E0303 'ink-bounds' takes a text layer, then optionally the first character and a count: ink-bounds(title) or ink-bounds(title, 0, 3)"]),
        ("layer c: circle { }\nvar y = baseline(c)", ["2:18 E0216 'baseline' measures a text layer; 'c' is a circle layer"]),
        ("layer w: text \"Hi\" { }\nvar h = capHeight(w)", ["2:9 E0206 unknown function 'capHeight'; wave calls it 'cap-height' => 'cap-height' @2:9"]),
        ("layer w: text \"Hi\" { }\nlayer r: rect { frame ink-bounds(w, \"a\") }", ["2:37 E0301 a character index is a number, found string"]),
        ("func baseline(x) = x * 2", ["1:6 E0211 'baseline' is a built-in function"]),
        ("layer bar[12]: rect { rotation index * 30 }", [
            "1:32 W0006 'rotation' multiplies by the plain number 30, so it is in radians (30 radians are 4.8 turns); for degrees write 30deg",
        ]),
        ("layer bar[12]: rect { rotation index * 30deg + t * 0.5 }", []),
        ("layer title: text \"Hi\" { font-weight bold  text-align center }", [
            "1:26 E0202 unknown property 'font-weight' on text: the weight is part of the font, fontconfig's family:style: 'font \"sans:bold\"'",
            "1:44 E0202 unknown property 'text-align' on text: a text layer is placed by its anchor at its position: 'anchor left', 'anchor center' or 'anchor right'",
        ]),
        ("layer a: circle { fill #ff00gg }", ["1:24 E0002 bad colour '#ff00gg': expected 3, 4, 6 or 8 hex digits"]),
        ("layer a: circle { stroke #12345 }", ["1:26 E0002 bad colour '#12345': expected 3, 4, 6 or 8 hex digits"]),
        ("layer a: rect { fill linear-gradient(#ggg, blue) }", ["1:38 E0002 bad colour '#ggg': expected 3, 4, 6 or 8 hex digits"]),
        ("layer a: rect { fill conic-gradient(from 30deg at (0.4, 0.6), red, blue) }",
         ["1:37 E0307 CSS's 'at' does not place the centre in wave: the centre is a point in the layer's unit box, given as its own argument after the angle: conic-gradient(30deg, (0.5, 0.5), red, blue) => '30deg, (0.4, 0.6)' @1:37"]),
        ("layer a: rect { fill radial-gradient(circle at center, red, blue) }",
         ["1:38 E0307 CSS's 'at' does not place the centre in wave: the centre is a point in the layer's unit box, given as its own argument: radial-gradient((0.5, 0.5), red, blue)"]),
        ("var x = 0\nspring x to 1 { bounce 1.5 }", ["2:24 E0306 'bounce' goes from above -1 to 1 (0 is no bounce, 1 bounces forever), found 1.5"]),
        ("var x = 0\nspring x to 1 damping-fraction -0.5", ["2:32 E0306 'damping-fraction' is the damping ratio ζ, 0 or more (1 is critically damped), found -0.5"]),
        ("var x = 0\nspring x to 1 { stiffness 0 }", ["2:27 E0306 a spring needs mass > 0, stiffness > 0 and damping ≥ 0"]),
        ("layer a: rect { fill conic-gradient(45deg, red blue) }",
         ["1:48 E0307 'blue' is a colour where a stop's location goes: a comma is missing between two stops => ',' @1:47"]),
        ("layer a: rect { fill linear-gradient(red 50, blue) }",
         ["1:42 W0009 a stop location of 50 is 50 gradient lengths (5000%); a percentage needs its '%' => '50%' @1:42"]),
        ("layer a: rect { frame (0, 0, 9, 9) fill red shadow-radius 8 }",
         ["1:45 W0012 layer 'a' sets shadow-radius, but its shadow-opacity is 0 and nothing changes it: no shadow is drawn"]),
        ("layer a: rect { fill linear-gradient(down-rigth, red, blue) }", ["1:38 E0307 unknown gradient direction 'down-rigth'; did you mean 'down-right'? => 'down-right' @1:38"]),
        ("layer a: rect { fill linear-gradient(right, red 0.25s, blue) }",
         ["1:49 E0307 a stop location is a fraction of the gradient line (0.2 or 20%), not a time"]),
        ("layer a: rect { fill radial-gradient(red 90deg, blue) }",
         ["1:42 E0307 a stop location is a fraction of the gradient line (0.2 or 20%), not an angle; an angle places a stop only in a conic gradient"]),
        ("layer a: circle { }\nanimate a.fill to #qq over 1s", ["2:19 E0002 bad colour '#qq': expected 3, 4, 6 or 8 hex digits"]),
        ("var c = #12", ["1:9 E0002 bad colour '#12': expected 3, 4, 6 or 8 hex digits"]),
        ("var c = mix(#fff, #zz, 0.5)", ["1:19 E0002 bad colour '#zz': expected 3, 4, 6 or 8 hex digits"]),
        ("layer a: circle { fill #red }", ["1:24 E0002 bad colour '#red': expected 3, 4, 6 or 8 hex digits"]),
        ("var y = 0\nevery tick {\n  var z = 1\n  y += z\n}", ["3:3 E0214 declarations (scene, layer, template, let, var) belong at the top level of a script"]),
        ("}}}", ["1:1 E0103 unexpected '}' with no open block => '' @1:1"]),
        ("layer a: circle { radius 1 let y = 1 }", ["1:28 E0214 'let' cannot stand inside a layer body; only properties go here"]),
        ("var x = 0\nelse { x = 1 }", ["2:1 E0219 'else' is not a statement in wave; 'else' must follow the '}' of an 'if' block"]),
        ("var x = 0\nevery tick { x += speed * 2\n  x -= speed }", ["2:19 E0201 unknown name 'speed'"]),
        ("var speed = 2\nevery tick { x += speed }", ["2:14 E0201 unknown name 'x'"]),
        ("layer a: circle { fill red; fill blue }", ["1:29 E0210 property 'fill' is set twice (first at 1:19)"]),
        ("layer a: rect { fill conic-gradient(90deg, red) }", ["1:22 E0307 a gradient needs at least two colour stops"]),
        ("layer a: rect { fill conic-gradient(1s, red, blue) }", ["1:37 E0307 a conic gradient's start angle is a constant angle, such as 90deg"]),
        ("var c = 0.5\nlayer a: rect { fill conic-gradient((c, 0.5), red, blue) }", ["2:37 E0307 a conic gradient's centre is a constant point in the layer's unit box, such as (0.5, 0.5)"]),
        ("layer a: rect { stroke-end fast }", ["1:28 E0201 unknown name 'fast'"]),
        ("layer a: rect {}\nlet k = path-length(b)", ["2:21 E0204 unknown layer 'b'; expected one of: a"]),
        ("layer a: rect { fill sweep-gradient(red, blue) }", ["1:22 E0206 unknown function 'sweep-gradient'"]),
        ("layer a: rect { fill linear-gradiant(red, blue) }", ["1:22 E0206 unknown function 'linear-gradiant'; did you mean 'linear-gradient'? => 'linear-gradient' @1:22"]),
        ("scene 100x100 { background blu }", ["1:28 E0201 unknown name 'blu'; did you mean 'blue'? => 'blue' @1:28"]),
        ("layer a: circle { radius 5 } }", ["1:30 E0103 unexpected '}' with no open block => '' @1:30"]),
        ("var x = 3\nvar y = x-sin(1)\nevery tick { x = y }", []),   // a subtraction stays one
        ("let size = \"hi\"\nlayer label: text size { }", []),   // a variable named like a property is no missing '{'
        ("layer a: rect { }\nevery tick { a.skew-x += 1 }", ["2:16 E0202 unknown property 'skew-x' on rect layer 'a'"]),
        // 3D transforms (issue 17).
        ("layer a: rect { perspective -100 }", ["1:29 E0306 perspective is the eye's distance: positive, or 0 for none; found -100"]),
        ("layer a: rect { perspectve 300 }", ["1:17 E0202 unknown property 'perspectve' on rect; did you mean 'perspective'? => 'perspective' @1:17"]),
        ("layer a: rect { rotation-x 3px }", ["1:28 E0301 'rotation-x' needs an angle, found a length"]),
        ("layer a: rect { double-sided 1 }", ["1:30 E0301 'double-sided' needs a bool, found number"]),
        ("layer a: rect { }\nanimate a.double-sided to false over 1s", ["2:9 E0304 'double-sided' cannot be animated; assign it instead"]),
        ("layer a: rect { rotation-z 30deg rotation 10deg }", ["1:34 E0210 property 'rotation' is set twice (first at 1:17)"]),
        ("layer b: circle { }\nsequence repeat forever { animate b.opacity to 0 over 1s }", ["2:10 E0214 'sequence' has no 'repeat': start it again from a timer, 'every D { sequence { … } }' with D its length, or give each animation inside its own repeat"]),
        ("layer b: circle { }\nparallel { sequence { animate b.opacity to 0 over 1s } }", ["2:12 E0214 'sequence' cannot go inside 'parallel': groups do not nest; give the animations inside 'delay' options, or chain them with 'then'"]),
        ("var p = 0.5\nlayer l: text \"\\(p)%\" { }\nevery tick { p += 0.01 }", ["2:15 E0006 a string cannot hold an expression; join with +: \"Score: \" + round(score) + \"%\""]),
        ("layer g: group {\n  layer a: circle { }\n  template dot: circle { }\n  layer b: circle { }\n}", ["3:3 E0214 'template' inside group 'g': 'template' declarations belong at the top level"]),
        ("layer r: rect {\n  fill red\n  animate r.opacity to 0 over 1s\n}", ["3:3 E0214 'animate' inside layer 'r': 'animate' goes at the top level or in a timer's body, not among a layer's properties"]),
        ("layer a: circle { fill hsl(200, 60%, 50%) }", ["1:28 W0006 'hsl's hue reads the plain number 200 as radians (31.8 turns); for degrees write 200deg => '200deg' @1:28"]),
        ("template dot(vx = 0): circle { }\nevery 1s { spawn dot { self.position = (10, 10) } }", ["2:24 E0201 wave has no 'self.': in a spawn block or a template's body write the copy's properties bare (position = (10, 10)); 'self' alone names the copy only in path-length(self) and 'effect self'"]),
        // Springs, replicators and emitters as UIKit and Core Animation name them; a wrong value is one error.
        ("var x = 0\nspring x to 1 { usingSpringWithDamping 0.6 }", ["2:17 E0218 unknown key 'usingSpringWithDamping' in a spring body; wave calls it 'damping-fraction' => 'damping-fraction' @2:17"]),
        ("var x = 0\nspring x to 1 { response 500 }", ["2:26 E0402 'response' must be a duration such as 2s, 500ms or 90t, found number => '500ms' @2:26"]),
        ("var x = 0\nspring x to 1 { stiffness 300 damping-fraction 0.5 }", ["2:17 E0218 'stiffness' is Core Animation's form of a spring and response (or duration), damping-fraction and bounce SwiftUI's: give one form"]),
        // CASpringAnimation's duration beside its physics: the two forms mixed as well.
        ("var x = 0\nspring x to 1 { damping 7 duration 2s }", ["2:17 E0218 'damping' is Core Animation's form of a spring and response (or duration), damping-fraction and bounce SwiftUI's: give one form; with stiffness, damping and mass the time it takes follows from them, so leave 'duration' out (it is SwiftUI's response)"]),
        ("layer a: rect { filter: blur(4px) }", ["1:17 E0202 CSS's filter is wave's 'blur' property, whose radius is twice CSS's blur(): 'blur 8' => 'blur 8' @1:17"]),
        ("layer a: rect { shadow-opacity 1 shadow-offset 0 }", []),
        ("layer a: circle {\n  radius\n  fill\n    red\n}", ["2:3 E0104 property 'radius' needs a value before 'fill'"]),
        ("var x = 0\nspring x to 1 { bounce 0.2 damping-fraction 0.3 }", ["2:28 E0218 'bounce' and 'damping-fraction' say the same thing two ways (ζ = 1 − bounce); give one"]),
        ("layer g: group {\n  replicate 12 rotate 30deg instanceDelay 0.1s\n  layer d: circle { }\n}", ["2:29 E0218 unknown option 'instanceDelay' for 'replicate'; wave calls it 'delay' => 'delay' @2:29"]),
        ("template spark: circle { }\nemit spark { lifetime 1s birth-rate 5 emissionLongitude 90deg }", ["2:39 E0218 unknown key 'emissionLongitude' in an emit block; wave calls it 'longitude' => 'longitude' @2:39"]),
        ("layer b: circle { }\nanimate b.opacity to red over 1s", ["2:22 E0301 'to' needs a number, found colour"]),
        ("layer ball: circle {\n  radius 20\n  anchor bottom\n\nanimate ball.opacity to 0 over 1s", ["1:20 E0102 unclosed '{' of layer 'ball': expected '}' before 'animate'"]),
        // Effects and blend modes as Core Animation, CSS and canvas write them (issue 16's features).
        // A missing inner '}' in nested groups: one error, at the inner block.
        ("layer card: group {\n  layer face: group {\n    layer eye: circle { radius 5\n    layer nose: circle { radius 2 }\n  }\n}\nanimate card.opacity to 0 over 1s",
         ["3:23 E0102 unclosed '{' of layer 'eye': expected '}' before the next declaration => '    }\n' @4:1"]),
        ("layer card: group {\n  layer face: group {\n    layer eye: circle { radius 5\n  }\n}\nanimate card.opacity to 0 over 1s",
         ["3:23 E0102 unclosed '{' of layer 'eye': expected '}' before line 4, whose '}' at 4:3 lines up with an outer block but closes this one => '    }\n' @4:1"]),
        // A group left open before a sibling group: the sibling is not read as its child.
        ("layer card: group {\n  layer face: group {\n    layer eye: circle { radius 5 }\n  layer hat: group {\n    layer brim: rect { }\n  }\n  opacity 0.5\n}\nanimate hat.opacity to 0 over 1s",
         ["2:21 E0102 unclosed '{' of layer 'face': expected '}' before the next declaration => '  }\n' @4:1"]),
        // Flat (unindented) children are children.
        ("layer g: group {\nlayer a: circle { radius 3 }\nlayer b: circle { radius 3 }\n}", []),
        // CSS's drop-shadow(), as its blur() gets: wave's shadow properties, with the edit.
        ("layer a: rect { filter drop-shadow(2px 2px 4px black) }", ["1:17 E0202 CSS's drop-shadow is wave's shadow properties, whose radius is twice CSS's blur: "
            + "'shadow-offset (2, 2)  shadow-radius 8  shadow-color black  shadow-opacity 1' => 'shadow-offset (2, 2)  shadow-radius 8  shadow-color black  shadow-opacity 1' @1:17"]),
        ("layer a: rect { fill red\n  filter: drop-shadow(0 -1px red)\n}", ["2:3 E0202 CSS's drop-shadow is wave's shadow properties, whose radius is twice CSS's blur: "
            + "'shadow-offset (0, -1)  shadow-radius 0  shadow-color red  shadow-opacity 1' => 'shadow-offset (0, -1)  shadow-radius 0  shadow-color red  shadow-opacity 1' @2:3"]),
        ("layer a: rect { filter drop-shadow(1px, 2px) fill red }", ["1:17 E0202 CSS's drop-shadow is wave's shadow properties: 'shadow-offset (x, y)', "
            + "'shadow-radius' (twice CSS's blur), 'shadow-color' and 'shadow-opacity 1'"]),
        ("layer a: rect { filter blur(4) }", ["1:17 E0202 CSS's filter is wave's 'blur' property, whose radius is twice CSS's blur(): 'blur 8' => 'blur 8' @1:17"]),
        ("layer a: rect { box-shadow 4 }", ["1:17 E0202 unknown property 'box-shadow' on rect: wave's shadow is four properties, as Core Animation's: shadow-color, shadow-opacity, shadow-offset (x, y), shadow-radius"]),
        ("layer a: rect { shadowPath 4 }", ["1:17 E0202 unknown property 'shadowPath' on rect: wave has no shadow path: the shadow is cast by the layer's own alpha"]),
        ("layer a: rect { blend lighter }", ["1:23 E0212 unknown word 'lighter' for 'blend'; wave calls it 'plus-lighter' => 'plus-lighter' @1:23"]),
        ("layer a: rect { blend colour-dodge }", ["1:23 E0212 unknown word 'colour-dodge' for 'blend'; wave calls it 'color-dodge' => 'color-dodge' @1:23"]),
        ("layer a: rect { blend multiplyBlendMode }", ["1:23 E0212 unknown word 'multiplyBlendMode' for 'blend'; wave calls it 'multiply' => 'multiply' @1:23"]),
        ("layer a: rect { blend \"screen\" }", ["1:23 E0212 'blend' takes the word screen, not a string => 'screen' @1:23"]),
        ("layer a: rect { opacity 1.5 shadow-radius -8 shadow-opacity 0.5 }", [
            "1:25 W0009 'opacity' goes from 0 to 1: 1.5 counts as 1 => '1' @1:25",
            "1:43 W0009 'shadow-radius' cannot be negative: -8 counts as 0 => '0' @1:43",
        ]),
        ("layer a: circle { stroke red stroke-end 1.5 }", ["1:41 W0009 'stroke-end' goes from 0 to 1: 1.5 counts as 1 => '1' @1:41"]),
        ("layer a: rect { shadow-opacity 0.5 shadow-offset 4 }", ["1:50 W0010 'shadow-offset' takes (dx, dy): 4 is (4, 4), a diagonal shadow"]),
        ("layer g: group { }\nanimate g.stroke-end to 0.2 over 1s", ["2:11 E0209 'g' is a group layer, which has no property 'stroke-end'"]),
        ("layer i: image { width 20 }", ["1:18 E0209 an image layer has no property 'width'; its place and size are one property, 'frame (x, y, width, height)'"]),
        // CSS's colon after an option's name: one error, and the value is read as the option's.
        ("layer a: rect { }\nanimate a.opacity from 0 to 1 over: 1s ease ease-in", ["2:35 E0101 an option takes its value without ':': write 'over …' => '' @2:35"]),
        ("layer a: rect { }\nanimate a.opacity to 1 duration: 1s easing: ease-in-out", [
            "2:32 E0101 an option takes its value without ':': write 'duration …' => '' @2:32",
            "2:37 E0218 unknown option 'easing' for 'animate'; wave calls it 'ease' => 'ease' @2:37",
            "2:43 E0101 an option takes its value without ':': write 'ease …' => '' @2:43",
        ]),
        // A bad number with its unit is one mistake.
        ("layer a: rect { }\nanimate a.opacity to 1 over 1.5.3s", ["2:29 E0009 bad number '1.5.3s': a number has at most one decimal point"]),
        // A colon after a name of another tool: the name is not repeated as if it were wave's.
        ("layer a: rect { background-color: red }", [
            "1:17 E0202 unknown property 'background-color' on rect; wave calls it 'fill' => 'fill' @1:17",
            "1:33 E0101 a property takes its value without ':': write 'fill …' => '' @1:33",
        ]),
        // A timer's body without braces, as an if's.
        ("layer a: circle { }\nat 1s a.radius = 20", ["2:7 E0101 expected '{' to open the body of 'at', found 'a'"]),
        ("layer a: circle { }\nanimate a.scale to 2 over 1s ease spring(1, 100, 10, 0)", [
            "2:35 E0401 a spring is not a timing curve in wave but an animation of its own: write 'spring LAYER.PROPERTY to VALUE' (with stiffness, damping, mass)",
        ]),
        ("layer ball: circle { }\nanimate bal.opacity from 0 to 1 over 1s", ["2:9 E0204 unknown layer 'bal'; did you mean 'ball'? => 'ball' @2:9"]),
        // An animation's own stagger inside a group: spread in 'parallel', an error in 'sequence'.
        ("layer a: circle { }\nlayer b: circle { }\nsequence { animate a.opacity, b.opacity to 0 over 1s stagger 0.1s }", [
            "3:54 E0218 'stagger' inside 'sequence' has no one step to spread: put the animation in a 'parallel' group, or give it a statement of its own after the group ('then'), or use the group's own 'stagger'",
        ]),
        ("layer s: text \"hi\" { }\neffect s fade over 1s stagger 0.1s", [
            "2:23 E0218 'stagger' spreads an effect over a repeated text layer's copies; one layer has nothing to spread (each letter already starts in its turn)",
        ]),
        ("layer s: text \"hi\" { }\neffect s shine over 1s color red", ["2:24 E0218 unknown option 'color' for 'effect'; expected one of: delay, duration, over, seed, stagger"]),
        ("layer tick[3]: circle { }\nat 1s { tick[1].opacity = 0 }", [
            "1:7 E0211 'tick' is a built-in name (the tick count) and cannot name a layer; choose another, such as 'tickLayer'",
        ]),
        ("template p: circle { }\nevery 1s { spawn p { after 1s { remove p } } }", [
            "2:40 E0216 'p' is a template, whose copies have no name: a bare 'remove' removes this copy => 'remove' @2:33",
        ]),
        ("var a = 1 s\nvar b = 2 sec", [
            "1:5 W0001 variable 'a' is never used",
            "1:11 E0101 a unit is written right after its number: '1s', not '1 s' => '1s' @1:9",
            "2:5 W0001 variable 'b' is never used",
            "2:11 E0101 a unit is written right after its number: '2s', not '2 sec' => '2s' @2:9",
        ]),
        // CSS's animation-timing-function on keyframes times each segment: 'eases [curve]'.
        ("layer a: circle { }\nanimate a.position.y values [0, -100, 0] times [0, 50%, 100%] over 1s animation-timing-function ease-in-out", [
            "2:71 E0218 CSS's 'animation-timing-function' times each keyframe segment: with 'values' wave writes 'eases [ease-in-out]' ('ease' would time the whole list) => 'eases [ease-in-out]' @2:71",
        ]),
        ("var a = 0\nsequence { animate a to 1 over 1s } then { a = 5 }", [
            "2:37 E0219 'then' follows an animation ('animate x to 1 over 1s then { … }'), once; a 'sequence' or 'parallel' group has none: put it on the animation inside that ends last",
        ]),
        ("var x = 0\nspring x to 0 { response 0.4s } delay 0.5s", [
            "2:33 E0219 'delay' after a body's '}' is no statement: an option goes before the '{' (for a spring, 'spring x to 0 delay … { … }', or inside its body)",
        ]),
        // easings.net's names are their cubic-bezier; elastic and bounce are a spring's.
        ("layer a: circle { }\nanimate a.opacity to 0 over 1s ease easeOutBack", ["2:37 E0401 'easeOutBack' is cubic-bezier(0.34, 1.56, 0.64, 1) in wave => 'cubic-bezier(0.34, 1.56, 0.64, 1)' @2:37"]),
        ("layer a: circle { }\nanimate a.opacity to 0 over 1s ease ease-in-out-cubic", ["2:37 E0401 'ease-in-out-cubic' is cubic-bezier(0.65, 0, 0.35, 1) in wave => 'cubic-bezier(0.65, 0, 0.35, 1)' @2:37"]),
        // The one-sided bounce is wave's ease-out-bounce; the others are drawn with linear(…).
        ("layer a: circle { }\nanimate a.position.y to 100 over 1s ease easeOutBounce", ["2:42 E0401 unknown timing curve 'easeOutBounce'; wave calls it 'ease-out-bounce' => 'ease-out-bounce' @2:42"]),
        ("layer a: circle { }\nanimate a.position.y to 100 over 1s ease easeInOutBounce", ["2:42 E0401 'easeInOutBounce' has no name in wave: 'ease-out-bounce' is easings.net's easeOutBounce (a ball landing, never past the end), and linear(…) draws any other curve through its points"]),
        ("layer a: circle { }\nanimate a.opacity to 0 over 1s ease linear(0, 0.5 0.3, 1)", ["2:51 E0405 a point's position in linear(…) is a percentage, as in CSS: 'linear(0, 0.8 40%, 1)'"]),
        ("layer a: circle { }\nanimate a.opacity to 0 over 1s ease linear(1)", ["2:37 E0405 linear(…) needs at least two points, as in CSS: 'linear(0, 0.8 40%, 1)'"]),
        ("layer a: circle { }\nanimate a.opacity to 0 over 1s ease easeOutElastic", ["2:37 E0401 'easeOutElastic' has no cubic-bezier form: its overshoot and rebound are a spring's, 'spring LAYER.PROPERTY to VALUE { bounce 0.5 }'"]),
        ("layer ln: path { move (0, 0) line (100, 0) stroke black dash [10, 5] }\nanimate ln.stroke-dashoffset to 0 over 2s", [
            "2:12 E0202 unknown property 'stroke-dashoffset' on path layer 'ln'; wave calls it 'dash-phase' => 'dash-phase' @2:12",
        ]),
        ("layer a: rect { frame (0, 0, 10em, 2) }", ["1:30 E0005 unknown unit 'em' after 10 (units are s, ms, t, deg, rad, %, px); wave has no relative lengths: lengths are the scene's pixels ('width' and 'height' are its size)"]),
        ("layer a: rect { fill url(\"bg.png\") }", ["1:22 E0206 wave has no url(…): a picture is an image layer, 'layer logo: image { source \"logo.png\"  frame (0, 0, 64, 64) }'"]),
        ("layer a: rect { stroke currentColor }", ["1:24 E0201 wave has no inherited colour (CSS's currentColor): write the colour, or a 'let' holding it"]),
        ("var x = 0\nat 1 s { x = 1 }", ["2:6 E0101 a unit is written right after its number: '1s', not '1 s' => '1s' @2:4"]),
        ("template spark: circle { }\nlayer bar[3]: rect { }\nanimate bar.opacity to 0 over 1s then { remove spark }", [
            "3:48 E0216 'spark' is a template, whose copies have no name: a copy removes itself with a bare 'remove' in its spawn block or timers",
        ]),
        ("let backOut = cubic-bezier(0.34, 1.56, 0.64, 1)", [
            "1:15 E0206 cubic-bezier(…) is a timing curve, written after 'ease' (or in 'eases [ … ]'); it is no value a variable can hold: write it at each animation that uses it",
        ]),
        ("layer a: rect { transform: scale(2, 1) rotate(30deg) }", [
            "1:17 E0202 CSS's transform is several properties in wave: scale, rotation, position (where the layer is, not a move from it), anchor (transform-origin), rotation-x, rotation-y, translation-z, perspective; a scale of two factors before a rotate skews the rotated box, which one layer cannot: put the rotation on a layer inside a group that scales",
        ]),
        ("layer a: circle { }\nanimate b.opacity from 0 to 1 over 1s", ["2:9 E0204 unknown layer 'b'; expected one of: a"]),
    ]

    static func render(_ script: String) -> [String] {
        let file = SourceFile(name: "t.wave", text: script)
        let (_, diags) = Compiler.compile(file)
        return diags.map { d in
            let (l, c) = file.location(of: d.range.start)
            var s = "\(l):\(c) \(d.code.code) \(d.message)"
            for f in d.fixIts {
                let (fl, fc) = file.location(of: f.range.start)
                s += " => '\(f.replacement)' @\(fl):\(fc)"
            }
            return s
        }
    }

    func testEachMistakeGetsExactlyItsDiagnostics() {
        XCTAssertGreaterThanOrEqual(Self.cases.count, 60)
        for (script, expected) in Self.cases {
            XCTAssertEqual(Self.render(script), expected, "for script:\n\(script)")
        }
    }

    /// A fix-it is an edit an editor applies: in every case whose errors all carry one,
    /// applying them all (as an editor's "fix all") leaves a script without errors.
    func testApplyingTheFixesLeavesNoError() {
        var applied = 0
        for (script, _) in Self.cases {
            let file = SourceFile(name: "t.wave", text: script)
            let errors = Compiler.compile(file).1.filter { $0.severity == .error }
            guard !errors.isEmpty, errors.allSatisfy({ !$0.fixIts.isEmpty }) else { continue }
            var text = Array(script.utf8)
            for fix in errors.flatMap(\.fixIts).sorted(by: { $0.range.start > $1.range.start }) {
                text.replaceSubrange(fix.range.start..<fix.range.end, with: Array(fix.replacement.utf8))
            }
            let fixed = String(decoding: text, as: UTF8.self)
            let left = Compiler.compile(SourceFile(name: "t.wave", text: fixed)).1.filter { $0.severity == .error }
            XCTAssertEqual(left.map(\.message), [], "fixed:\n\(fixed)\nfrom:\n\(script)")
            applied += 1
        }
        XCTAssertGreaterThanOrEqual(applied, 40)
    }

    /// Every block and option list of the language, each with one misspelt key: no unknown
    /// key is silently accepted anywhere, and each gets one error with its suggestion.
    func testEveryBlockKindRejectsAMisspeltKey() {
        var blocks: [(String, String, String)] = [
            ("scene header", "scene 100x100 { backgrond #fff }", "background"),
            ("template body", "template spark: circle { opacty 1 }\nevery 1s { spawn spark }", "opacity"),
            ("spring body", "var x = 0\nspring x to 1 { dampng 10 }", "damping"),
            ("spring options", "var x = 0\nspring x to 1 dampng 10", "damping"),
            ("animate options", "var x = 0\nanimate x to 1 over 1s delya 1s", "delay"),
            ("effect options", "layer s: text \"a\" { }\neffect s fade over 1s dealy 1s", "delay"),
            ("sequence options", "var x = 0\nsequence delya 1s { animate x to 1 over 1s }", "delay"),
            ("parallel options", "var x = 0\nparallel repet 2 { animate x to 1 over 1s }", "repeat"),
            ("quad options", "layer p: path { move (0, 0) quad (1, 1) contol (2, 2) }", "control"),
            ("cubic options", "layer p: path { move (0, 0) cubic (1, 1) contol (2, 2) (3, 3) }", "control"),
            ("arc options", "layer p: path { move (0, 0) arc (1, 1) radius 3 from 0deg too 90deg }", "to"),
            ("path circle options", "layer p: path { circle (5, 5) raduis 3 }", "radius"),
            ("path rect options", "layer p: path { rect (0, 0, 5, 5) cornr 1 }", "corner"),
            ("mask options", "layer m: circle { }\nlayer a: circle { mask m inverted2 }", "inverted"),
            ("gradient direction", "layer a: rect { fill linear-gradient(dwon, red, blue) }", "down"),
            ("layer member", "layer b: circle { }\nevery tick { b.opacty = 1 }", "opacity"),
        ]
        for kind in LayerKind.allCases {
            let argument = kind == .text ? " \"a\"" : ""
            blocks.append(("\(kind.rawValue) body", "layer a: \(kind.rawValue)\(argument) { opacty 1 }", "opacity"))
        }
        for (what, script, suggestion) in blocks {
            let file = SourceFile(name: "t.wave", text: script)
            let (program, diags) = Compiler.compile(file)
            XCTAssertNil(program, "\(what) accepted a misspelt key")
            let errors = diags.filter { $0.severity == .error }
            XCTAssertEqual(errors.count, 1, "\(what): \(errors.map(\.message))")
            XCTAssertTrue(errors.first?.message.hasSuffix("did you mean '\(suggestion)'?") ?? false, "\(what): \(errors.map(\.message))")
            XCTAssertEqual(errors.first?.fixIts.map(\.replacement), [suggestion], what)
        }
    }
}
